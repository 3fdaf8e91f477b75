import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./engine";

export const fixtures = join(repoRoot, "test-fixtures/audio");
const references = JSON.parse(readFileSync(join(fixtures, "references.json"), "utf8")) as Record<string, string>;

/** Clips concatenated for the long recording (all 16 kHz mono after conversion), with their references. */
const CLIPS = [
  "jfk.flac",
  "librivox/sense_and_sensibility_01_austen_64kb-0870.wav",
  "librivox/sense_and_sensibility_01_austen_64kb-0880.wav",
  "librivox/sense_and_sensibility_01_austen_64kb-0890.wav",
  "librivox/sense_and_sensibility_01_austen_64kb-0920.wav",
  "librivox/sense_and_sensibility_01_austen_64kb-0930.wav",
  "two-speakers/stereo-one-speaker-per-channel.wav",
];
const REPEATS = 7;
export const CHUNK_SECONDS = 90;
export const OVERLAP_SECONDS = 2;

const sox = (...args: string[]) => execFileSync("sox", args, { stdio: ["ignore", "ignore", "inherit"] });
const seconds = (file: string) => Number(execFileSync("soxi", ["-D", file], { encoding: "utf8" }));

/**
 * Builds, with sox, a recording of over 5 minutes from the fixtures (each clip followed by a short pause) and
 * cuts it into overlapping chunks, as a browser client would. Returns paths and the reference text.
 */
export function buildLongRecording() {
  const dir = join(tmpdir(), `verbatim-long-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const clips = CLIPS.map((clip, i) => {
    const out = join(dir, `clip${i}.wav`);
    sox(join(fixtures, clip), "-r", "16000", "-c", "1", "-b", "16", out, "remix", "-", "pad", "0", "0.7");
    return out;
  });
  const long = join(dir, "long.wav");
  sox(...Array.from({ length: REPEATS }, () => clips).flat(), long);
  const duration = seconds(long);
  const chunks: { file: string; start: number }[] = [];
  for (let start = 0, i = 0; start < duration; start += CHUNK_SECONDS, i++) {
    const from = Math.max(0, start - (i === 0 ? 0 : OVERLAP_SECONDS));
    const file = join(dir, `chunk${i}.wav`);
    const last = start + CHUNK_SECONDS >= duration;
    sox(long, file, "trim", String(from), ...(last ? [] : [String(start + CHUNK_SECONDS - from)]));
    chunks.push({ file, start: from });
  }
  const reference = Array.from({ length: REPEATS }, () => CLIPS.map((c) => references[c]))
    .flat()
    .join(" ");
  writeFileSync(join(dir, "reference.txt"), reference);
  return { long, duration, chunks, clips, clipReferences: CLIPS.map((c) => references[c] as string), reference };
}

/** The real two-speaker recording, and the same cut with sox into two parts overlapping by 2 s, as clients cut. */
export function buildTwoSpeakerChunks() {
  const whole = join(fixtures, "two-speakers/pyannote-sample.wav");
  const dir = join(tmpdir(), `verbatim-two-speakers-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const parts = [
    // Only the first voice speaks in the overlap (19.5–21.5 s): the second is matched across parts by voice.
    { file: join(dir, "part0.wav"), start: 0, length: 21.5 },
    { file: join(dir, "part1.wav"), start: 19.5, length: 10.5 },
  ];
  for (const p of parts) sox(whole, p.file, "trim", String(p.start), String(p.length));
  return { whole, parts };
}
