/**
 * A same-origin path to send the browser to after Google, or null. Only paths are accepted ("/x?y#z"):
 * absolute URLs, protocol-relative "//host" and backslash tricks are refused, so there is no open redirect.
 */
export function safeReturnPath(value: string | undefined | null, origin: string): string | null {
  if (!value) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `path` with `error=code` added (kept relative). */
export function withError(path: string, code: string) {
  const url = new URL(path, "http://x");
  url.searchParams.set("error", code);
  return `${url.pathname}${url.search}${url.hash}`;
}
