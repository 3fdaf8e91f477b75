import type { TranscriptionPush } from "@verbatim/shared/push";
import { startPushService } from "@verbatim/testing/push-service";
import type { Page, Worker } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";

// Browser notifications end to end. What is real: the permission (granted through the DevTools protocol's
// Browser.grantPermissions, as a user's click on the prompt would), the switch, the POST of the subscription, the
// transcription, the queued job, and the Worker's push: VAPID-signed and RFC 8291-encrypted, sent over HTTP to a push
// service on loopback (@verbatim/testing/push-service) that checks the signature and decrypts it with independent
// code. What is driven: headless Chromium cannot subscribe with its own push service (no Google push servers here),
// so PushManager.subscribe hands out the loopback service's subscription; the message that service received is
// handed to the service worker with DevTools' ServiceWorker.deliverPushMessage, as Chromium's push service would;
// and the click on the notification is dispatched inside the service worker (there is no notification UI to click).

/**
 * PushManager as a browser whose push service is the loopback one: subscribe() hands out that subscription (and
 * keeps the server key it was asked for, for the test to check); the subscription outlives a navigation, as a real
 * one does, through sessionStorage.
 */
const SUBSCRIPTION_STUB = ({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
  const KEPT = "e2e-push-subscription-key";
  const toBytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const subscriptionWith = (key: number[]) =>
    ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      getKey: (name: "p256dh" | "auth") => toBytes(keys[name]).buffer,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEPT);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = [...((options?.applicationServerKey as Uint8Array | undefined) ?? [])];
    sessionStorage.setItem(KEPT, JSON.stringify(key));
    return subscriptionWith(key);
  };
  PushManager.prototype.getSubscription = async () => {
    const kept = sessionStorage.getItem(KEPT);
    return kept ? subscriptionWith(JSON.parse(kept)) : null;
  };
};

/** vi.waitFor's own default is one second: a busy machine may take longer to show a notification or a switch. */
const WAIT = { timeout: 15_000, interval: 100 };

/** What the tests use of the service worker's global scope (e2e files are typed with the DOM's lib, not WebWorker's). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string | URL): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: "notificationclick", init: { notification: Notification }) => Event;
}

/** The registration id DevTools knows the app's service worker by. */
async function registrationId(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  return { cdp, id: await found };
}

const notificationsShown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
    })),
  );

/** What a click on the notification does: the service worker's notificationclick, with that notification. */
const clickNotification = (sw: Worker) =>
  sw.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error("no notification to click");
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
  });

describe("browser notifications", () => {
  it("turned on, a finished transcription is pushed, shown by the service worker, and opens on click", async () => {
    const service = await startPushService();
    const subscription = service.subscribe();
    const context = await newContext();
    await context.grantPermissions(["notifications"], { origin: BASE_URL });
    await context.addInitScript(SUBSCRIPTION_STUB, subscription);
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/settings");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    await page.getByRole("tab", { name: "Notifications" }).click();
    const browserSwitch = page.getByRole("switch", { name: "Browser notifications" });
    // Not subscribed yet in this browser: off, though the account's preference starts on.
    expect(await browserSwitch.getAttribute("aria-checked")).toBe("false");
    const posted = page.waitForResponse(
      (r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST",
    );
    await browserSwitch.click();
    expect((await posted).status()).toBe(201);
    await vi.waitFor(async () => expect(await browserSwitch.getAttribute("aria-checked")).toBe("true"), WAIT);
    // The browser subscribed with the server's VAPID key.
    const { publicKey } = await (await context.request.get("/api/push/public-key")).json();
    const usedKey = await page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-push-subscription-key") ?? "[]"));
    expect(Buffer.from(usedKey).toString("base64url")).toBe(publicKey);

    const uploaded = await uploadViaApi(context, JFK_MP3);
    const finished = await waitUntilFinished(context, uploaded.id);
    expect(finished.status).toBe("COMPLETED");

    // The Worker's push reached the push service, signed and encrypted (checked there), and only the once.
    await vi.waitFor(() => expect(service.received(subscription.endpoint)).toHaveLength(1), { timeout: 60_000 });
    expect(service.refused()).toEqual([]);
    const [push] = service.received(subscription.endpoint);
    const payload = push?.payload as TranscriptionPush;
    expect(payload).toEqual({
      type: "transcription",
      transcriptionId: uploaded.id,
      status: "completed",
      title: finished.name || finished.file_name,
      heading: "Transcription complete",
    });
    expect(push?.vapidKey).toBe(publicKey);

    // Chromium's push service would now hand the message to the service worker: DevTools does.
    await page.goto("/dashboard");
    const { cdp, id } = await registrationId(page);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: BASE_URL,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await vi.waitFor(
      async () =>
        expect(await notificationsShown(page)).toEqual([
          { title: "Transcription complete", body: payload.title, tag: `transcription-${uploaded.id}` },
        ]),
      WAIT,
    );

    // A click focuses the open tab and takes it to the transcript.
    const [sw] = context.serviceWorkers();
    if (!sw) throw new Error("no service worker");
    await clickNotification(sw);
    await page.waitForURL(`${BASE_URL}/transcription/${uploaded.id}`);
    expect(await notificationsShown(page)).toEqual([]);

    // Turned off: the browser unsubscribes and the server forgets it.
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Notifications" }).click();
    await vi.waitFor(async () => expect(await browserSwitch.getAttribute("aria-checked")).toBe("true"), WAIT);
    const deleted = page.waitForResponse(
      (r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "DELETE",
    );
    await browserSwitch.click();
    expect((await deleted).status()).toBe(200);
    await vi.waitFor(async () => expect(await browserSwitch.getAttribute("aria-checked")).toBe("false"), WAIT);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e-push-subscription-key"))).toBeNull();
    const rows = await context.request.delete("/api/push/subscriptions", { data: { endpoint: subscription.endpoint } });
    expect(rows.status()).toBe(404);
    await context.close();
    await service.close();
  });

  it("with no Verbatim tab open, the click opens a window on the transcript", async () => {
    const context = await newContext();
    await context.grantPermissions(["notifications"], { origin: BASE_URL });
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const { cdp, id } = await registrationId(page);
    const payload: TranscriptionPush = {
      type: "transcription",
      transcriptionId: "00000000-0000-4000-8000-000000000000",
      status: "failed",
      title: "standup.m4a",
      heading: "Transcription failed",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: BASE_URL,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await vi.waitFor(
      async () =>
        expect(await notificationsShown(page)).toEqual([
          { title: "Transcription failed", body: "standup.m4a", tag: `transcription-${payload.transcriptionId}` },
        ]),
      WAIT,
    );
    const [sw] = context.serviceWorkers();
    if (!sw) throw new Error("no service worker");
    await page.close();
    // Chromium lets clients.openWindow() run only in a click the browser itself dispatched, which a test cannot
    // make: the window the click asks for is recorded instead of opened.
    const opened = await sw.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const asked: string[] = [];
      scope.clients.openWindow = async (url: string | URL) => {
        asked.push(String(url));
        return null;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error("no notification to click");
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
      for (let i = 0; i < 100 && asked.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      return asked;
    });
    expect(opened).toEqual([`${BASE_URL}/transcription/${payload.transcriptionId}`]);
    await context.close();
  });

  it("refused permission leaves the switch off and says how to allow it", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/settings");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.getByRole("tab", { name: "Notifications" }).click();
    const browserSwitch = page.getByRole("switch", { name: "Browser notifications" });
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/push/subscriptions")) posted = true;
    });
    await browserSwitch.click();
    await page.getByText(/Notifications (are blocked for this site|were not allowed)/).waitFor();
    expect(await browserSwitch.getAttribute("aria-checked")).toBe("false");
    expect(posted).toBe(false);
    await context.close();
  });

  it("a server with no VAPID keys: the switch is off, disabled, and says why", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.route("**/api/push/public-key", (route) => route.fulfill({ json: { publicKey: null } }));
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Notifications" }).click();
    await page.getByText("Browser notifications are not available on this server.").waitFor();
    const browserSwitch = page.getByRole("switch", { name: "Browser notifications" });
    expect(await browserSwitch.isDisabled()).toBe(true);
    expect(await browserSwitch.getAttribute("aria-checked")).toBe("false");
    await context.close();
  });
});
