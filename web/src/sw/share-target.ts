import { registerRoute } from "workbox-routing";
import { db } from "../lib/db";
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH, SHARED_OWNER } from "../lib/share-target";

// The manifest's share_target (vite.config.ts): a recording shared to the installed app from a phone's share
// sheet arrives here as a multipart POST. The service worker keeps the files in the upload queue (IndexedDB)
// and sends the browser to the upload page, which lists them; no network is needed for any of it.

const accepted = (file: File) => file.type.startsWith("audio/") || file.type.startsWith("video/");

async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const files = (form?.getAll(SHARE_FILES_FIELD) ?? []).filter((f): f is File => f instanceof File && f.size > 0);
  const kept = files.filter(accepted);
  const now = Date.now();
  await db.queuedUploads.bulkPut(
    kept.map((file, i) => ({
      key: `shared-${now}-${i}-${crypto.randomUUID()}`,
      // Whoever is signed in when the app next opens claims them (the upload queue runner).
      userId: SHARED_OWNER,
      file,
      // i18n-ignore: the service worker has no catalogue; only a file shared without a name gets this one.
      fileName: file.name || `Shared recording ${i + 1}`,
      fileType: file.type,
      size: file.size,
      createdAt: now + i,
    })),
  );
  const params = new URLSearchParams({ shared: String(kept.length) });
  if (kept.length < files.length) params.set("refused", String(files.length - kept.length));
  return Response.redirect(`/upload?${params}`, 303);
}

export function registerShareTarget() {
  registerRoute(
    ({ url }) => url.pathname === SHARE_TARGET_PATH,
    ({ request }) => receiveShare(request),
    "POST",
  );
}
