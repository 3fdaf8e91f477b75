/** Search params of the auth pages: Google sign-in's `error` code, and where to go after signing in. */
export interface AuthSearch {
  error?: string;
  redirect?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    error: typeof search.error === "string" && search.error ? search.error : undefined,
    redirect: typeof search.redirect === "string" ? search.redirect : undefined,
  };
}

/** Only same-site paths: an open redirect would let a link send a freshly signed-in user anywhere. */
export function safeRedirect(redirect: string | undefined): string | null {
  if (!redirect?.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return null;
  for (const page of ["/login", "/register", "/auth"]) {
    if (redirect === page || redirect.startsWith(`${page}?`) || redirect.startsWith(`${page}/`)) return null;
  }
  return redirect;
}
