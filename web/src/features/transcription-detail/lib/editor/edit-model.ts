import type { Segment, Speaker, Word } from "@verbatim/shared/transcript";
import { coverWords, joinsWithoutSpaces, joinTokens, retimeSegment, wordsOf } from "./retime";

// The transcript editor's operations, as pure functions from one state to the next: the UI keeps them in an
// undo history and sends the last one to the server. None of them changes a word it was not asked to.

/** What the editor edits and saves: the segments and the speakers they may name. */
export interface EditState {
  segments: Segment[];
  speakers: Speaker[];
}

/** The segment at `index` with its text replaced (empty text removes the segment). */
export function editText(state: EditState, index: number, text: string): EditState {
  const segment = state.segments[index];
  if (!segment) return state;
  if (!text.trim()) return { ...state, segments: state.segments.filter((_, i) => i !== index) };
  if (text.trim() === segment.text.trim()) return state;
  return replace(state, index, [retimeSegment(segment, text.trim())]);
}

/** Splits the segment before its word `at` (1 … words−1): the first part ends where its last word ends. */
export function splitSegment(state: EditState, index: number, at: number): EditState {
  const segment = state.segments[index];
  if (!segment) return state;
  const words = wordsOf(segment);
  if (at <= 0 || at >= words.length) return state;
  const head = words.slice(0, at);
  const tail = words.slice(at);
  const withoutSpaces = joinsWithoutSpaces(segment);
  const text = (ws: Word[]) =>
    joinTokens(
      ws.map((w) => w.word.trim()),
      withoutSpaces,
    );
  const first: Segment = { ...segment, end: (head[head.length - 1] as Word).end, text: text(head), words: head };
  const second: Segment = { ...segment, start: (tail[0] as Word).start, text: text(tail), words: tail };
  return replace(state, index, [first, second]);
}

/** Joins the segment with the next one; the joined segment keeps the first one's speaker. */
export function mergeWithNext(state: EditState, index: number): EditState {
  const first = state.segments[index];
  const second = state.segments[index + 1];
  if (!first || !second) return state;
  const withoutSpaces = joinsWithoutSpaces(first);
  const merged: Segment = {
    ...first,
    start: Math.min(first.start, second.start),
    end: Math.max(first.end, second.end),
    text: [first.text.trim(), second.text.trim()].filter(Boolean).join(withoutSpaces ? "" : " "),
    words: withSpeaker([...wordsOf(first), ...wordsOf(second)], first.speaker),
  };
  const segments = [...state.segments];
  segments.splice(index, 2, coverWords(merged));
  return { ...state, segments };
}

/** Gives the segment, and each of its words, another speaker. */
export function setSpeaker(state: EditState, index: number, speaker: string): EditState {
  const segment = state.segments[index];
  if (!segment || segment.speaker === speaker) return state;
  return replace(state, index, [{ ...segment, speaker, words: withSpeaker(wordsOf(segment), speaker) }]);
}

/**
 * Gives the segment a new speaker ("Speaker N" until named). A transcript that had only "Name:" labels gets
 * those labels as named speakers first, since once speakers are listed every segment's speaker must be one.
 */
export function addSpeaker(state: EditState, index: number): EditState {
  if (!state.segments[index]) return state;
  const speakers = [...state.speakers];
  if (speakers.length === 0) {
    for (const label of new Set(state.segments.map((s) => s.speaker).filter((s) => s !== undefined))) {
      speakers.push({ id: label, name: label.slice(0, 80) });
    }
  }
  const ids = new Set(speakers.map((s) => s.id));
  let n = speakers.length;
  while (ids.has(speakerId(n))) n++;
  speakers.push({ id: speakerId(n), name: null });
  return setSpeaker({ ...state, speakers }, index, speakerId(n));
}

const speakerId = (n: number) => `SPEAKER_${String(n).padStart(2, "0")}`;

function withSpeaker(words: Word[], speaker: string | undefined): Word[] {
  if (speaker === undefined) return words;
  return words.map((w) => (w.speaker === speaker ? w : { ...w, speaker }));
}

function replace(state: EditState, index: number, parts: Segment[]): EditState {
  const segments = [...state.segments];
  segments.splice(index, 1, ...parts.map(coverWords));
  return { ...state, segments };
}

/** The number of the segment's words before character `offset` of `text` (where a split at the caret falls). */
export function wordsBefore(text: string, offset: number): number {
  return text.slice(0, offset).split(/\s+/).filter(Boolean).length;
}

/** Whether two states hold the same transcript (times, text, speakers, names), however their objects were built. */
export function sameContent(a: EditState, b: EditState): boolean {
  return canonical(a) === canonical(b);
}

function canonical({ segments, speakers }: EditState): string {
  return JSON.stringify([
    segments.map((s) => [
      s.start,
      s.end,
      s.text,
      s.speaker ?? null,
      (s.words ?? []).map((w) => [w.word, w.start, w.end, w.speaker ?? null]),
    ]),
    speakers.map((s) => [s.id, s.name]),
  ]);
}
