import { afterEach, describe, expect, test, vi } from "vitest";
import { showHoursCounter } from "./hours-counter";

// The prerendered landing page holds the hours counter hidden; its script fills in the server's figure, in the
// page's language, or leaves it hidden.

function page(lang: string) {
  document.documentElement.lang = lang;
  document.body.innerHTML = `<div data-hours-counter><p data-testid="hours-counter" hidden></p><p hidden>hours</p></div>`;
  return document;
}

const stats = (hoursTranscribed: unknown, status = 200) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ hoursTranscribed }), { status })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the prerendered landing page's hours counter", () => {
  test("shows the server's figure in the page's language", async () => {
    stats(1234567);
    await showHoursCounter(page("de"));
    expect(document.querySelector('[data-testid="hours-counter"]')?.textContent).toBe("1.234.567");
    expect(document.querySelectorAll("[hidden]")).toHaveLength(0);
    stats(1234);
    await showHoursCounter(page("en"));
    expect(document.querySelector('[data-testid="hours-counter"]')?.textContent).toBe("1,234");
  });

  test("stays hidden while nothing is counted, or the server fails", async () => {
    for (const [hours, status] of [
      [0, 200],
      [null, 200],
      [5, 500],
    ] as const) {
      stats(hours, status);
      await showHoursCounter(page("en"));
      expect(document.querySelectorAll("[hidden]"), `${hours} ${status}`).toHaveLength(2);
      expect(document.querySelector('[data-testid="hours-counter"]')?.textContent).toBe("");
    }
  });
});
