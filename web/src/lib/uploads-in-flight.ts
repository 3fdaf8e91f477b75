// Whether files are being sent right now. Kept apart from the upload feature so the entry chunk (which applies
// app updates) can ask without loading it.
let sending = false;

export const uploadsInFlight = () => sending;

/** Set by the upload manager. While true, closing or reloading the tab asks for confirmation. */
export function setUploadsInFlight(value: boolean) {
  if (value === sending) return;
  sending = value;
  if (value) addEventListener("beforeunload", confirmLeaving);
  else removeEventListener("beforeunload", confirmLeaving);
}

function confirmLeaving(event: BeforeUnloadEvent) {
  // An upload in progress cannot survive a reload (only files queued offline are kept).
  event.preventDefault();
}
