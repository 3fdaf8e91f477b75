import { describe, expect, it } from "vitest";
import { registerViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";

// Issue 16: an upload queued offline is sent by the service worker when the connection returns, with the tab
// closed (Background Sync). Chromium fires the sync when it sees the network back; in case its network
// observer misses the emulated change, the test also fires it as DevTools does (ServiceWorker.dispatchSyncEvent),
// which is harmless when the file is already sent.

const TAG = "verbatim-queued-uploads";
const names = async (context: Awaited<ReturnType<typeof newContext>>) =>
  ((await (await context.request.get("/api/transcriptions")).json()) as { file_name: string }[]).map(
    (t) => t.file_name,
  );

describe("background sync", () => {
  it("sends an upload queued offline after the page was closed, once, when the connection returns", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/upload");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "queued",
    );
    // The page asked the browser for a sync when the file was queued.
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    });
    expect(tags).toContain(TAG);
    await page.close();

    await context.setOffline(false);
    // No app page is open: a plain JSON page of the same origin only carries the DevTools session.
    const carrier = await context.newPage();
    await carrier.goto("/api/health");
    const cdp = await context.newCDPSession(carrier);
    const registered = new Promise<Array<{ registrationId: string; scopeURL: string }>>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => resolve(event.registrations)),
    );
    await cdp.send("ServiceWorker.enable");
    const registration = (await registered).find((r) => r.scopeURL === `${BASE_URL}/`);
    expect(registration).toBeDefined();
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin: BASE_URL,
      registrationId: registration?.registrationId ?? "",
      tag: TAG,
      lastChance: false,
    });
    await expect.poll(() => names(context), { timeout: 30_000 }).toEqual(["jfk.mp3"]);

    // Opened later, the app finds nothing left to send: the file went once.
    const later = await newPage(context);
    await later.goto("/upload");
    await later.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    await later.waitForTimeout(1500);
    expect(await later.getByTestId("upload-row").count()).toBe(0);
    const [sent] = (await (await context.request.get("/api/transcriptions")).json()) as { id: string }[];
    expect((await waitUntilFinished(context, sent?.id ?? "")).status).toBe("COMPLETED");
    expect(await names(context)).toEqual(["jfk.mp3"]);
    await context.close();
  });
});
