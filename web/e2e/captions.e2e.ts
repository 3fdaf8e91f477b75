import { says } from "@verbatim/testing/stable-words";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage } from "./support/browser";
import { JFK_VIDEO } from "./support/env";

let context: BrowserContext;

beforeAll(async () => {
  context = await newContext();
  await registerViaApi(context);
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

    // The captions load (or are refused) within 15 s of the page opening.
    const loadedOrRefused = () =>
      ((document.querySelector("video track") as HTMLTrackElement | null)?.readyState ?? 0) >= HTMLTrackElement.LOADED;
    await page.waitForFunction(loadedOrRefused, undefined, { timeout: 15_000 });
    const track = await video.evaluate((el: HTMLVideoElement) => {
      const trackEl = el.querySelector("track") as HTMLTrackElement;
      if (trackEl.readyState === HTMLTrackElement.ERROR) throw new Error("Chromium refused the VTT");
      const t = trackEl.track;
      const cues = Array.from(t.cues ?? []) as VTTCue[];
      return {
        kind: t.kind,
        label: t.label,
        language: t.language,
        mode: t.mode,
        cues: cues.map((c): Cue => ({ start: c.startTime, end: c.endTime, text: c.text })),
      };
    });

    expect(track).toMatchObject({ kind: "captions", label: "Transcript", language: "en", mode: "showing" });
    expect(track.cues.length).toBeGreaterThanOrEqual(1);
    const spoken = track.cues.map((c) => c.text).join(" ");
    expect(says(spoken), spoken).toBe(true);
    // Cue times are the real segment times: inside the 11-second clip, in order, none empty.
    for (const [i, cue] of track.cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(11.5);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(track.cues[i - 1]?.end ?? 0);
    }
  });
});
