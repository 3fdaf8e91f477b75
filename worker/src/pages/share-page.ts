import { SHARE_PAGE_PREFIX } from "@verbatim/shared/share-links";
import { SECRET_PAGE_HEADERS } from "../rules/secret-page-headers";

/** A share link's page (/s/{token}, the app's shell) gets the headers of a secret address. */
export function sharePageHeaders(path: string, res: Response): Response {
  if (!path.startsWith(SHARE_PAGE_PREFIX)) return res;
  const page = new Response(res.body, res);
  for (const [name, value] of Object.entries(SECRET_PAGE_HEADERS)) page.headers.set(name, value);
  return page;
}
