import { describe, expect, test } from "vitest";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { renderAppShell } from "@/prerender/app-shell";
import { appHarness, noFakeAnswer, until } from "@/test-support/app-harness";
import { PendingPage } from "./pending-page";

// A signed-in page while the session is checked (RequireAuth) draws what its prerendered HTML shows
// (src/prerender/app-shell.tsx): its heading and placeholders in place of the page's data, no spinner.

const app = appHarness(noFakeAnswer);

describe("a signed-in page before the session is known", () => {
  test("the dashboard shows its heading and placeholders", async () => {
    await app.mount(() => <PendingPage pathname="/dashboard" />);
    await until(() => expect(app.host.querySelector("h1")?.textContent).toBe("Transcriptions"));
    expect(app.host.textContent).toContain(en.transcriptions.page.subtitle);
    expect(app.host.querySelector('[role="status"]')?.getAttribute("aria-label")).toBe("Loading your session");
  });

  test("a transcript page shows its skeleton", async () => {
    await app.mount(() => <PendingPage pathname="/transcription/abc-1" />);
    await until(() => expect(app.host.querySelector('[aria-label="Loading transcription"]')).not.toBeNull());
  });

  test("any other page shows the spinner", async () => {
    await app.mount(() => <PendingPage pathname="/settings" />);
    await until(() => expect(app.host.textContent).toContain("Loading your session"));
    expect(app.host.querySelector("h1")).toBeNull();
  });

  test("is drawn at build time in the page's HTML, in each language, with the app's layout", async () => {
    const markup = await renderAppShell("/dashboard", "es", es);
    expect(markup).toContain(`>${es.transcriptions.page.title}</h1>`);
    expect(markup).toContain(es.transcriptions.page.subtitle);
    expect(markup).toContain(`aria-label="${es.layout.mainNavigation}"`);
    // The clock is left empty: a time drawn at build time would be wrong.
    expect(markup).toMatch(/data-testid="clock"><\/div>/);
    // Its buttons wait for the app: pressed before it starts, they would do nothing.
    expect(markup).toContain("<button");
    expect(markup).not.toMatch(/<button(?![^>]*\sdisabled="")/);
    const transcript = await renderAppShell("/transcription/abc-1", "en", en);
    expect(transcript).toContain(`aria-label="${en.detail.loading}"`);
  });
});
