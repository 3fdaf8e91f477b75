import bidiFactory from "bidi-js";

type Bidi = ReturnType<typeof bidiFactory>;
let instance: Bidi | undefined;

/** bidi-js, built on first use: its tables take a few milliseconds, better spent on an export than on Worker start. */
export function bidi(): Bidi {
  instance ??= bidiFactory();
  return instance;
}

// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko…, their presentation forms) and the RTL format marks.
const RTL_CHARACTER =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * Whether text has anything that could read right to left. Text without (most transcripts) is laid out left to right
 * with no bidi pass at all, which would otherwise cost a tenth of a long PDF's time.
 */
export function mayBeRtl(text: string): boolean {
  return RTL_CHARACTER.test(text);
}

/** Whether a paragraph reads right to left, from its first strong character (UAX #9 rules P2–P3). */
export function isRtl(text: string): boolean {
  return mayBeRtl(text) && (bidi().getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1;
}
