import { SHARE_PAGE_PREFIX } from "@verbatim/shared/share-links";

/**
 * A share link's page (/s/{token}, the app's shell) is a secret address: kept out of search engines, out of shared
 * caches, and out of the Referer of any link followed from it.
 */
export function sharePageHeaders(path: string, res: Response): Response {
  if (!path.startsWith(SHARE_PAGE_PREFIX)) return res;
  const page = new Response(res.body, res);
  page.headers.set("X-Robots-Tag", "noindex, nofollow");
  page.headers.set("Referrer-Policy", "no-referrer");
  page.headers.set("Cache-Control", "private, no-store");
  return page;
}
