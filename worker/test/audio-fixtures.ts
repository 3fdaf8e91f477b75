import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  audioFixture,
  durationOf,
  joinAudio,
  REFERENCE_CLIPS,
  referenceOf,
  toMono16k,
  trimAudio,
} from "@verbatim/testing/audio";

/** Clips concatenated for the long recording (all 16 kHz mono after conversion), with their references. */
const CLIPS = REFERENCE_CLIPS;
const REPEATS = 7;
export const CHUNK_SECONDS = 90;
export const OVERLAP_SECONDS = 2;

/**
 * Builds, with sox, a recording of over 5 minutes from the fixtures (each clip followed by a short pause) and
 * cuts it into overlapping chunks, as a browser client would. Returns paths and the reference text.
 */
export function buildLongRecording() {
  const dir = join(tmpdir(), `verbatim-long-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const clips = CLIPS.map((clip, i) => toMono16k(audioFixture(clip), join(dir, `clip${i}.wav`), 0.7));
  const long = joinAudio(Array.from({ length: REPEATS }, () => clips).flat(), join(dir, "long.wav"));
  const duration = durationOf(long);
  const chunks: { file: string; start: number }[] = [];
  for (let start = 0, i = 0; start < duration; start += CHUNK_SECONDS, i++) {
    const from = Math.max(0, start - (i === 0 ? 0 : OVERLAP_SECONDS));
    const file = join(dir, `chunk${i}.wav`);
    const last = start + CHUNK_SECONDS >= duration;
    trimAudio(long, file, from, last ? undefined : start + CHUNK_SECONDS - from);
    chunks.push({ file, start: from });
  }
  const clipReferences = CLIPS.map(referenceOf);
  const reference = Array.from({ length: REPEATS }, () => clipReferences)
    .flat()
    .join(" ");
  writeFileSync(join(dir, "reference.txt"), reference);
  return { long, duration, chunks, clips, clipReferences, reference };
}

/** The real two-speaker recording, and the same cut with sox into two parts overlapping by 2 s, as clients cut. */
export function buildTwoSpeakerChunks() {
  const whole = audioFixture("two-speakers/pyannote-sample.wav");
  const dir = join(tmpdir(), `verbatim-two-speakers-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const parts = [
    // Only the first voice speaks in the overlap (19.5–21.5 s): the second is matched across parts by voice.
    { file: join(dir, "part0.wav"), start: 0, length: 21.5 },
    { file: join(dir, "part1.wav"), start: 19.5, length: 10.5 },
  ];
  for (const p of parts) trimAudio(whole, p.file, p.start, p.length);
  return { whole, parts };
}
