import { DEFAULT_PREFERENCES, type Preferences } from "@verbatim/shared/preferences";
import { describe, expect, test, vi } from "vitest";
import { appHarness, click, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import { NotificationsTab } from "./notifications-tab";

// Settings › Notifications › Browser notifications on a fake API and a fake Push API: permission is asked only when
// the switch is turned on, a refusal leaves it off and says so, and a server or browser without Web Push gets a
// switch that says why instead of one that does nothing. (The real browser and push: web/e2e/push.e2e.ts.)

const SERVER_KEY = `B${"A".repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: "https://push.example.net/send/abc",
  expirationTime: null,
  keys: { p256dh: `B${"C".repeat(86)}`, auth: "D".repeat(22) },
};

interface Server {
  preferences: Preferences;
  publicKey: string | null;
  requests: { method: string; path: string; body: unknown }[];
}
let server: Server;

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  const body = request.method === "GET" ? undefined : await request.json().catch(() => undefined);
  if (path.startsWith("/api/push") || request.method === "PUT")
    server.requests.push({ method: request.method, path, body });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/push/public-key") return jsonAnswer({ publicKey: server.publicKey });
  if (path === "/api/push/subscriptions") return jsonAnswer({ message: "ok" }, request.method === "POST" ? 201 : 200);
  if (path === "/api/user/preferences") {
    if (request.method === "PUT")
      server.preferences.notifications = {
        ...server.preferences.notifications,
        ...(body as Preferences).notifications,
      };
    return jsonAnswer(server.preferences);
  }
  return noFakeAnswer(request);
}

/** A browser's Push API: permission as given, a service worker whose push manager keeps one subscription. */
function fakeBrowser(answer: NotificationPermission) {
  let subscribed: PushSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscribed),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      subscribed = {
        endpoint: SUBSCRIPTION.endpoint,
        options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
        toJSON: () => SUBSCRIPTION,
        unsubscribe: vi.fn(async () => {
          subscribed = null;
          return true;
        }),
      } as unknown as PushSubscription;
      return subscribed;
    }),
  };
  const registration = { pushManager };
  const notification = { permission: "default" as NotificationPermission, requestPermission: vi.fn() };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = answer;
    return answer;
  });
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { notification, pushManager };
}

const app = appHarness(fakeApi, () => {
  server = { preferences: structuredClone(DEFAULT_PREFERENCES), publicKey: SERVER_KEY, requests: [] };
  // The previous test's fake service worker (the fetch stub and the other globals are undone by the harness).
  Reflect.deleteProperty(navigator, "serviceWorker");
});
const mount = () => app.mount(() => <NotificationsTab saved={server.preferences.notifications} />);
const browserSwitch = () =>
  [...document.querySelectorAll<HTMLButtonElement>('[role="switch"]')].find((s) =>
    document.querySelector(`label[for="${s.id}"]`)?.textContent?.includes("Browser notifications"),
  ) ?? null;

describe("Settings › Notifications › Browser notifications", () => {
  test("asks for permission only when turned on, then subscribes with the server's key and saves", async () => {
    const browser = fakeBrowser("granted");
    await mount();
    await until(() => expect(browserSwitch()?.disabled).toBe(false));
    expect(browserSwitch()?.getAttribute("aria-checked")).toBe("false");
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await click(browserSwitch());
    await until(() => expect(browserSwitch()?.getAttribute("aria-checked")).toBe("true"));
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    // The server's key, decoded: an uncompressed P-256 point starts 0x04.
    expect((options?.applicationServerKey as Uint8Array | undefined)?.[0]).toBe(4);
    expect(server.requests).toContainEqual({ method: "POST", path: "/api/push/subscriptions", body: SUBSCRIPTION });
    expect(server.preferences.notifications.browserNotifications).toBe(true);

    // Off: this browser unsubscribes, the server forgets it, the preference follows.
    await click(browserSwitch());
    await until(() => expect(browserSwitch()?.getAttribute("aria-checked")).toBe("false"));
    expect(server.requests).toContainEqual({
      method: "DELETE",
      path: "/api/push/subscriptions",
      body: { endpoint: SUBSCRIPTION.endpoint },
    });
    expect(server.preferences.notifications.browserNotifications).toBe(false);
    expect(await browser.pushManager.getSubscription()).toBeNull();
  });

  test("a subscription this browser still holds is handed to the server again, and shows on", async () => {
    const browser = fakeBrowser("granted");
    await browser.pushManager.subscribe({ applicationServerKey: Uint8Array.from([4, ...new Array(64).fill(0)]) });
    browser.notification.permission = "granted";
    await mount();
    await until(() => expect(browserSwitch()?.getAttribute("aria-checked")).toBe("true"));
    expect(server.requests).toContainEqual({ method: "POST", path: "/api/push/subscriptions", body: SUBSCRIPTION });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  test("a refused permission leaves it off and says how to allow it; nothing is sent", async () => {
    const browser = fakeBrowser("denied");
    await mount();
    await until(() => expect(browserSwitch()?.disabled).toBe(false));
    await click(browserSwitch());
    await until(() => expect(app.host.textContent).toContain("Notifications are blocked for this site."));
    expect(browserSwitch()?.getAttribute("aria-checked")).toBe("false");
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a server without VAPID keys: disabled, and it says so", async () => {
    fakeBrowser("granted");
    server.publicKey = null;
    await mount();
    await until(() =>
      expect(app.host.textContent).toContain("Browser notifications are not available on this server."),
    );
    expect(browserSwitch()?.disabled).toBe(true);
    expect(browserSwitch()?.getAttribute("aria-checked")).toBe("false");
  });

  test("a browser without Web Push: disabled, and it says so", async () => {
    await mount();
    await until(() => expect(app.host.textContent).toContain("This browser cannot show notifications from Verbatim."));
    expect(browserSwitch()?.disabled).toBe(true);
  });
});
