// The share target's contract, shared by the manifest (vite.config.ts), the service worker (sw/share-target.ts)
// and the upload page.

export const SHARE_TARGET_PATH = "/share-target";
/** The multipart field the share sheet puts the files in. */
export const SHARE_FILES_FIELD = "recording";
/** The owner of files shared before the app knows who is signed in: claimed by the next signed-in user. */
export const SHARED_OWNER = "";
