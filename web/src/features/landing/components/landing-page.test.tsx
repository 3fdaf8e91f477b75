import { ACCEPTED_FORMAT_NAMES, FILE_UNSUPPORTED, isAcceptedMedia } from "@verbatim/shared/upload";
import { describe, expect, test, vi } from "vitest";
import { appHarness, jsonAnswer, noFakeAnswer, wait } from "@/test-support/app-harness";
import { INPUT_FORMATS } from "../lib/content";
import { LandingPage } from "./landing-page";

// The landing page claims only what the product does: the formats it names are the upload's own list, and the
// hours counter is the server's figure (GET /api/stats), not a constant.

let hours = 0;

function fakeApi(request: Request) {
  if (new URL(request.url).pathname === "/api/stats") {
    return jsonAnswer({ hoursTranscribed: hours, computedAt: "2026-01-01T00:00:00.000Z" });
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi);
const mount = () => app.mount(LandingPage, { signedOut: true });
const settle = () => wait(20);

describe("the landing page's formats", () => {
  test("are exactly the formats the upload accepts", () => {
    expect(INPUT_FORMATS).toEqual(ACCEPTED_FORMAT_NAMES);
    for (const name of INPUT_FORMATS) expect(isAcceptedMedia(`meeting.${name.toLowerCase()}`, ""), name).toBe(true);
    // The upload's own refusal names the same set.
    const refused = FILE_UNSUPPORTED.replace("Supported formats: ", "").split(", ");
    expect(new Set(refused)).toEqual(new Set(ACCEPTED_FORMAT_NAMES));
  });

  test("are what the page and its FAQ say", async () => {
    hours = 0;
    await mount();
    await vi.waitFor(() => expect(app.host.textContent).toContain("Works with"));
    expect(app.host.textContent).toContain(`Works with ${ACCEPTED_FORMAT_NAMES.join(", ")}`);
    const last = ACCEPTED_FORMAT_NAMES.at(-1);
    expect(app.host.textContent).toContain(`${ACCEPTED_FORMAT_NAMES.slice(0, -1).join(", ")} and ${last}.`);
    for (const never of ["DivX", "VOB", "QuickTime", "Team collaboration"])
      expect(app.host.textContent).not.toContain(never);
  });
});

describe("the hours counter", () => {
  test("shows the server's figure", async () => {
    hours = 1234;
    await mount();
    await vi.waitFor(async () => {
      await settle();
      expect(app.host.querySelector('[data-testid="hours-counter"]')?.textContent).toBe("1,234");
    });
    expect(app.host.textContent).toContain("hours transcribed");
  });

  test("is left out while the server has counted nothing", async () => {
    hours = 0;
    await mount();
    await vi.waitFor(() => expect(app.host.textContent).toContain("Works with"));
    await settle();
    expect(fetch).toHaveBeenCalled();
    const figure = app.host.querySelector<HTMLElement>('[data-testid="hours-counter"]');
    // Hidden, with its label: the prerendered page's script fills it in (landing-island.ts).
    expect(figure?.hidden).toBe(true);
    expect(figure?.textContent).toBe("");
    expect(app.host.querySelectorAll("[data-hours-counter] [hidden]")).toHaveLength(2);
  });
});
