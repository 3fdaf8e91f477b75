import { describe, expect, it } from "vitest";
import { allowPageErrors, newContext, newPage, takePageErrors } from "./support/browser";

// The fixture every e2e file runs under (support/fixture.ts) fails a test whose pages logged an error. These
// tests provoke each kind on purpose and read what it recorded, so a fixture that stopped seeing one fails here.

async function provokeEveryKind() {
  const context = await newContext();
  const page = await newPage(context);
  await page.route("**/api/__fixture/server-error", (route) => route.fulfill({ status: 502, body: "bad gateway" }));
  await page.route("**/api/__fixture/unreachable", (route) => route.abort("connectionrefused"));
  await page.goto("/");
  const events = Promise.all([
    page.waitForEvent("pageerror"),
    page.waitForEvent("console", (m) => m.text() === "deliberate console error"),
    page.waitForEvent("requestfailed"),
    page.waitForEvent("response", (r) => r.status() === 502),
  ]);
  await page.evaluate(async () => {
    console.error("deliberate console error");
    await fetch("/api/__fixture/server-error");
    await fetch("/api/__fixture/unreachable").catch(() => undefined);
    setTimeout(() => {
      throw new Error("deliberate uncaught error");
    });
  });
  await events;
  return context;
}

describe("the e2e fixture (support/fixture.ts)", () => {
  it("records an uncaught exception, a console error, a failed request and a server error", async () => {
    const context = await provokeEveryKind();
    const logged = takePageErrors();
    expect(logged).toHaveLength(4);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^uncaught Error: deliberate uncaught error/),
        expect.stringMatching(/^console\.error "deliberate console error"/),
        expect.stringMatching(
          /^request failed: GET http:\/\/\S+\/api\/__fixture\/unreachable net::ERR_CONNECTION_REFUSED$/,
        ),
        expect.stringMatching(/^HTTP 502 for GET http:\/\/\S+\/api\/__fixture\/server-error$/),
      ]),
    );
    await context.close();
  });

  it("lets a test allow the errors it provokes, and only those", async () => {
    allowPageErrors(/deliberate uncaught error/, /__fixture\/(unreachable|server-error)/);
    const context = await provokeEveryKind();
    expect(takePageErrors()).toEqual([expect.stringMatching(/^console\.error "deliberate console error"/)]);
    await context.close();
  });
});
