/**
 * A share link's page and its API answers are secret addresses: kept out of search engines, out of shared caches
 * (the link can be revoked at any moment), and out of the Referer of any link followed from them.
 */
export const SECRET_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
};
