import { pushPublicKeySchema } from "@verbatim/shared/push";
import { ApiError, api, read, send } from "@/lib/api";

// This browser's Web Push subscription (docs/architecture/email.md#browser-notifications): the service worker
// (sw/push.ts) shows what the Worker pushes. The subscription is made only when the user turns the switch on,
// and given up at sign-out; the server forgets it with the session.

/** Whether this browser can get pushes at all: a service worker, the Push API and notifications. */
export function browserCanPush() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The server's VAPID public key; null when the server sends no pushes. */
export async function fetchPushPublicKey() {
  return (await read(api.push["public-key"].$get(), pushPublicKeySchema)).publicKey;
}

/** The app's service worker, once active; null when there is none (a dev server, or it failed to install). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || !(await navigator.serviceWorker.getRegistration())) return null;
  // Registered but maybe still installing on a first visit: `ready` waits for it to be active.
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/** Hands a subscription to the server (again: the same endpoint is one row, tied to this session). */
async function saveOnServer(subscription: PushSubscription) {
  const json = subscription.toJSON();
  await send(
    api.push.subscriptions.$post({
      json: {
        endpoint: json.endpoint ?? subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      },
    }),
  );
}

/**
 * Whether this browser gets pushes from this server now. A subscription it still holds is handed to the server
 * again, so the switch never shows on for a subscription the server forgot (it goes with the session that made it);
 * one made with another server key (the server's keys were replaced) is given up.
 */
export async function syncThisBrowser(publicKey: string) {
  if (!browserCanPush() || Notification.permission !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return false;
  if (!sameKey(subscription.options.applicationServerKey, keyBytes(publicKey))) {
    await subscription.unsubscribe();
    return false;
  }
  await saveOnServer(subscription);
  return true;
}

export type SubscribeResult = "subscribed" | "denied" | "dismissed" | "no-service-worker";

/**
 * Asks for permission (the browser's own prompt, so only after the user turned the switch on), subscribes with
 * the push service and hands the subscription to the server.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  const registration = await activeRegistration();
  if (!registration) return "no-service-worker";
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the server's keys were replaced): the push service would refuse our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await saveOnServer(subscription);
  return "subscribed";
}

/**
 * Ends this browser's subscription. `tellServer`: also delete it there (turning the switch off); at sign-out the
 * server already forgot it with the session, so only the browser's side is left to end.
 */
export async function unsubscribeThisBrowser({ tellServer }: { tellServer: boolean }) {
  if (!browserCanPush()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  if (tellServer) {
    try {
      await send(api.push.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }));
    } catch (error) {
      // Already gone there (pruned, or removed from another tab): nothing left to undo.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  await subscription.unsubscribe();
}
