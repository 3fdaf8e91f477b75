import type { WebhookDelivery, WebhookEndpoint } from "@verbatim/shared/webhooks";
import { describe, expect, test, vi } from "vitest";
import {
  appHarness,
  button,
  click,
  FAKE_USER,
  jsonAnswer as json,
  noFakeAnswer,
  type,
  until,
} from "@/test-support/app-harness";
import { WebhooksSection } from "./webhooks-section";

// Settings › API › Webhooks against a fake API: adding an endpoint with its events, the secret shown on request and
// copied, switching off, rotating, deleting, and the delivery log with Resend and Send test event.

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: "e1",
  url: "https://hooks.example.com/verbatim",
  description: "",
  events: ["transcription.completed"],
  enabled: true,
  disabledReason: null,
  secret: SECRET,
  previousSecretExpiresAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  ...over,
});

const DELIVERY: WebhookDelivery = {
  id: "d1",
  endpointId: "e1",
  messageId: "msg_1",
  event: "transcription.completed",
  status: "failed",
  attempts: 8,
  httpStatus: 500,
  latencyMs: 42,
  responseExcerpt: "receiver exploded",
  createdAt: "2026-03-01T10:00:00.000Z",
  lastAttemptAt: "2026-03-02T13:00:00.000Z",
  nextAttemptAt: null,
};

let endpoints: WebhookEndpoint[];
/** "METHOD path body" of every change the screen asked for. */
let calls: string[];

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  const body = request.method === "GET" ? "" : await request.text();
  if (request.method !== "GET") calls.push(`${request.method} ${path} ${body}`.trim());
  if (path === "/api/user") return json(FAKE_USER);
  if (path === "/api/session") return json({ user: FAKE_USER });
  if (path === "/api/webhooks" && request.method === "GET") return json({ endpoints });
  if (path === "/api/webhooks" && request.method === "POST") {
    const sent = JSON.parse(body) as { url: string; events: WebhookEndpoint["events"] };
    if (sent.url.startsWith("http:")) return json({ message: "The webhook URL must start with https://" }, 400);
    endpoints = [endpoint({ url: sent.url, events: sent.events }), ...endpoints];
    return json(endpoints[0], 201);
  }
  if (path === "/api/webhooks/e1" && request.method === "PATCH") {
    endpoints = endpoints.map((e) => ({ ...e, ...JSON.parse(body) }));
    return json(endpoints[0]);
  }
  if (path === "/api/webhooks/e1" && request.method === "DELETE") {
    endpoints = [];
    return json({ message: "Webhook endpoint deleted", id: "e1" });
  }
  if (path === "/api/webhooks/e1/rotate-secret") {
    endpoints = [endpoint({ secret: "whsec_new", previousSecretExpiresAt: "2026-03-03T10:00:00.000Z" })];
    return json(endpoints[0]);
  }
  if (path === "/api/webhooks/e1/deliveries") return json({ deliveries: [DELIVERY] });
  if (path === "/api/webhooks/e1/deliveries/d1/resend" || path === "/api/webhooks/e1/test")
    return json({ ...DELIVERY, id: "d2", status: "pending", attempts: 0 }, 202);
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  endpoints = [];
  calls = [];
});
const mount = () => app.mount(() => <WebhooksSection />);

const checkbox = (label: string) =>
  [...document.querySelectorAll("label")].find((l) => l.textContent?.startsWith(label))?.previousElementSibling;

describe("Settings › API › Webhooks", () => {
  test("adds an endpoint for the chosen events; its secret is hidden until shown, and copied", async () => {
    await mount();
    await until(() => expect(document.body.textContent).toContain("No webhook endpoints yet."));
    await type(document.querySelector('input[type="url"]') as HTMLInputElement, "https://hooks.example.com/verbatim");
    await click(checkbox("transcription.failed"));
    await click(checkbox("transcription.updated"));
    await click(button("Add endpoint"));
    await until(() =>
      expect(calls).toContain(
        'POST /api/webhooks {"url":"https://hooks.example.com/verbatim","events":["transcription.completed","transcription.updated"]}',
      ),
    );
    await until(() => expect(document.body.textContent).toContain("hooks.example.com/verbatim"));
    const secret = () => document.querySelector('[data-testid="webhook-secret"]')?.textContent;
    expect(secret()).not.toContain(SECRET);
    await click(button("Show"));
    expect(secret()).toBe(SECRET);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await click(button("Copy"));
    expect(writeText).toHaveBeenCalledWith(SECRET);
  });

  test("a refused URL shows the server's reason", async () => {
    await mount();
    await until(() => expect(button("Add endpoint")).toBeDefined());
    await type(document.querySelector('input[type="url"]') as HTMLInputElement, "http://hooks.example.com/");
    await click(button("Add endpoint"));
    await until(() => expect(document.body.textContent).toContain("The webhook URL must start with https://"));
  });

  test("switches an endpoint off, rotates its secret and deletes it", async () => {
    endpoints = [endpoint()];
    await mount();
    await until(() => expect(document.querySelector('[role="switch"]')?.getAttribute("aria-checked")).toBe("true"));
    await click(document.querySelector('[role="switch"]'));
    await until(() => expect(calls).toContain('PATCH /api/webhooks/e1 {"enabled":false}'));
    await until(() => expect(document.querySelector('[role="switch"]')?.getAttribute("aria-checked")).toBe("false"));

    await click(button("Rotate secret"));
    expect(document.body.textContent).toContain("The current one keeps signing too for 24 hours.");
    await click(button("Rotate secret"));
    await until(() => expect(calls).toContain("POST /api/webhooks/e1/rotate-secret"));
    await until(() => expect(document.body.textContent).toContain("The previous secret also signs until"));

    await click(document.querySelector('button[aria-label="Delete the endpoint https://hooks.example.com/verbatim"]'));
    await click(button("Delete"));
    await until(() => expect(calls).toContain("DELETE /api/webhooks/e1"));
    await until(() => expect(document.body.textContent).toContain("No webhook endpoints yet."));
  });

  test("shows the delivery log, and resends a delivery and sends a test event", async () => {
    endpoints = [endpoint({ enabled: false, disabledReason: "Switched off after 5 messages in a row failed" })];
    await mount();
    await until(() => expect(document.body.textContent).toContain("Switched off by Verbatim: Switched off after 5"));
    await click(button("Delivery log"));
    await until(() => expect(document.body.textContent).toContain("receiver exploded"));
    const log = document.querySelector('section[aria-label="Deliveries"]')?.textContent ?? "";
    expect(log).toContain("Failed");
    expect(log).toContain("HTTP 500");
    expect(log).toContain("42 ms");
    expect(log).toContain("8 attempts");
    await click(button("Resend"));
    await until(() => expect(calls).toContain("POST /api/webhooks/e1/deliveries/d1/resend"));
    await click(button("Send test event"));
    await until(() => expect(calls).toContain("POST /api/webhooks/e1/test"));
    await until(() => expect(document.body.textContent).toContain("Test event queued"));
  });
});
