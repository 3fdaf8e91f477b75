import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { launchBrowser, newContext, newPage } from "./support/browser";
import { JFK_VIDEO } from "./support/env";

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await registerViaApi(context);
});
afterAll(async () => {
  await browser?.close();
});

interface Cue {
  start: number;
  end: number;
  text: string;
}

// The VTT export, parsed by Chromium's own <track> loader: the captions a user sees on an uploaded video.
describe("captions on a video", () => {
  it("loads the transcript's VTT into the player as timed cues", async () => {
    const { id } = await uploadViaApi(context, JFK_VIDEO, "video/mp4");
    expect((await waitUntilFinished(context, id)).status).toBe("COMPLETED");
    const page = await newPage(context);
    await page.goto(`/transcription/${id}`);
    const video = page.getByLabel("Recording");
    await video.waitFor();

    const track = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<{ kind: string; label: string; language: string; mode: string; cues: Cue[] }>((resolve, reject) => {
          const trackEl = el.querySelector("track");
          if (!trackEl) return reject(new Error("no <track> on the video"));
          const read = () => {
            const t = trackEl.track;
            const cues = Array.from(t.cues ?? []) as VTTCue[];
            resolve({
              kind: t.kind,
              label: t.label,
              language: t.language,
              mode: t.mode,
              cues: cues.map((c) => ({ start: c.startTime, end: c.endTime, text: c.text })),
            });
          };
          const refused = () => reject(new Error("Chromium refused the VTT"));
          if (trackEl.readyState === HTMLTrackElement.LOADED) return read();
          if (trackEl.readyState === HTMLTrackElement.ERROR) return refused();
          trackEl.addEventListener("load", read);
          trackEl.addEventListener("error", refused);
          setTimeout(() => reject(new Error(`the captions never loaded (readyState ${trackEl.readyState})`)), 15_000);
        }),
    );

    expect(track).toMatchObject({ kind: "captions", label: "Transcript", language: "en", mode: "showing" });
    expect(track.cues.length).toBeGreaterThanOrEqual(1);
    const spoken = track.cues
      .map((c) => c.text)
      .join(" ")
      .toLowerCase();
    expect(spoken).toContain("ask not what your country can do for you");
    // Cue times are the real segment times: inside the 11-second clip, in order, none empty.
    for (const [i, cue] of track.cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(11.5);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(track.cues[i - 1]?.end ?? 0);
    }
    expect(page.errors).toEqual([]);
  });
});
