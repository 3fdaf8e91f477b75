/** A path of this origin: "/…", not "//host" nor a backslash, which browsers read as "/". */
const isPlainPath = (p: string) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\");

/**
 * A same-origin path to send the browser to after Google, or null. Only paths are accepted ("/x?y#z"):
 * absolute URLs, protocol-relative "//host" and backslash tricks are refused, so there is no open redirect. The
 * path is checked again after the URL parser normalised it: "/.//evil", "/a/..//evil" and "/%2e%2e//evil" become
 * "//evil", which a browser reads as another host.
 */
export function safeReturnPath(value: string | undefined | null, origin: string): string | null {
  if (!value || !isPlainPath(value)) return null;
  try {
    const url = new URL(value, origin);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === origin && isPlainPath(path) ? path : null;
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
