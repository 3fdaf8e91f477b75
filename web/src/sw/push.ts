/// <reference lib="webworker" />
import type { TranscriptionPush } from "@verbatim/shared/push";

declare const self: ServiceWorkerGlobalScope;

// Browser notifications (docs/architecture/email.md#browser-notifications): the Worker pushes a small message when
// a run ends, already in the user's language, and this worker shows it, app open or not. A click opens the
// transcript, in a Verbatim tab that is already open when there is one.

const isTranscriptionPush = (data: unknown): data is TranscriptionPush =>
  typeof data === "object" &&
  data !== null &&
  (data as TranscriptionPush).type === "transcription" &&
  typeof (data as TranscriptionPush).transcriptionId === "string";

function readPush(event: PushEvent): TranscriptionPush | null {
  try {
    const data: unknown = event.data?.json();
    return isTranscriptionPush(data) ? data : null;
  } catch {
    return null;
  }
}

const transcriptPath = (id: string) => `/transcription/${encodeURIComponent(id)}`;

async function showTranscriptionNotification(push: TranscriptionPush) {
  await self.registration.showNotification(push.heading, {
    body: push.title,
    // One notification per transcription: a later run (or a retried push) replaces it rather than piling up.
    tag: `transcription-${push.transcriptionId}`,
    icon: "/pwa-192.png",
    badge: "/pwa-192.png",
    data: { url: transcriptPath(push.transcriptionId) },
  });
}

/** Focuses a Verbatim tab on `path`, navigating one that is open, else opening a new window. */
async function openInApp(path: string) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (tab) {
    // A tab this worker controls can be navigated; an uncontrolled one (a hard reload) cannot, so a window opens.
    const moved = await tab.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}

export function registerPush() {
  self.addEventListener("push", (event) => {
    const push = readPush(event);
    // A push this version cannot read shows none of ours (the browser may show its own generic one).
    if (push) event.waitUntil(showTranscriptionNotification(push));
  });
  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = (event.notification.data as { url?: string } | null)?.url ?? "/dashboard";
    event.waitUntil(openInApp(path));
  });
}
