// @ts-check
// The test recordings with known words (test-fixtures/audio), and the sox steps that make longer recordings from
// them: the Worker's tests (worker/test/audio-fixtures.ts) and bench:asr (scripts/bench-asr.mjs) join the same clips.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fixture } from "./fixtures.mjs";

/**
 * The absolute path of a recording under test-fixtures/audio, e.g. audioFixture("jfk.mp3").
 * @param {string} name
 */
export const audioFixture = (name) => fixture(`audio/${name}`);

export const JFK_MP3 = audioFixture("jfk.mp3");
export const JFK_FLAC = audioFixture("jfk.flac");
export const JFK_VIDEO = audioFixture("jfk_video.mp4");

/** What each recording says, by its path under test-fixtures/audio (references.json). */
const references = /** @type {Record<string, string>} */ (
  JSON.parse(readFileSync(audioFixture("references.json"), "utf8"))
);

/** Every clip with a reference transcript, in the order the long recordings join them. */
export const REFERENCE_CLIPS = [
  "jfk.flac",
  ...["0870", "0880", "0890", "0920", "0930"].map((n) => `librivox/sense_and_sensibility_01_austen_64kb-${n}.wav`),
  "two-speakers/stereo-one-speaker-per-channel.wav",
];

/**
 * The reference transcript of `clip` (a path under test-fixtures/audio); throws for a clip without one.
 * @param {string} clip
 */
export function referenceOf(clip) {
  const text = references[clip];
  if (text === undefined) throw new Error(`test-fixtures/audio/references.json has no text for ${clip}`);
  return text;
}

/** @param {string[]} args */
const sox = (args) => execFileSync("sox", args, { stdio: ["ignore", "ignore", "inherit"] });

/**
 * Writes `file` (any format sox reads) to `out` as 16 kHz mono 16-bit, followed by `pauseSeconds` of silence.
 * @param {string} file
 * @param {string} out
 * @param {number} pauseSeconds
 */
export function toMono16k(file, out, pauseSeconds) {
  sox([file, "-r", "16000", "-c", "1", "-b", "16", out, "remix", "-", "pad", "0", String(pauseSeconds)]);
  return out;
}

/**
 * Joins `files` (same rate and channels) one after another into `out`.
 * @param {string[]} files
 * @param {string} out
 */
export function joinAudio(files, out) {
  sox([...files, out]);
  return out;
}

/**
 * Cuts `length` seconds from `start` of `file` into `out`; without `length`, to the end.
 * @param {string} file
 * @param {string} out
 * @param {number} start
 * @param {number} [length]
 */
export function trimAudio(file, out, start, length) {
  sox([file, out, "trim", String(start), ...(length === undefined ? [] : [String(length)])]);
  return out;
}

/**
 * The length of `file` in seconds (soxi).
 * @param {string} file
 */
export const durationOf = (file) => Number(execFileSync("soxi", ["-D", file], { encoding: "utf8" }));
