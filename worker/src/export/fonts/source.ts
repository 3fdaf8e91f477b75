// Where the PDF fonts come from. No imports: the exports route and the test setup use this without loading fontkit.

/**
 * Unicode fonts in fallback order: Latin/Greek/Cyrillic first, then the scripts it lacks. Noto Sans JP also carries
 * the kanji shared with Chinese; Hangul and the Chinese-only simplified forms are not covered. The files live in
 * worker/assets/fonts/ and, for the Worker, in the MEDIA bucket under FONTS_PREFIX: bundled, they would put the Worker
 * past the free plan's 3 MB limit.
 */
export const FONT_FILES = [
  "NotoSans-Regular.ttf",
  "NotoSansArabic-Regular.ttf",
  "NotoSansHebrew-Regular.ttf",
  "NotoSansJP-Regular.ttf",
] as const;
export type FontFile = (typeof FONT_FILES)[number];

/** Where the fonts are kept in the MEDIA bucket (the start and test commands, and scripts/upload-assets.mjs, put them). */
export const FONTS_PREFIX = "assets/fonts/";

/** A font file's bytes, or null when there is no such file: the MEDIA bucket in the Worker (r2Fonts), the disk in tests. */
export type FontSource = (file: FontFile) => Promise<ArrayBuffer | null>;

/** The fonts in the MEDIA bucket. */
export const r2Fonts =
  (bucket: R2Bucket): FontSource =>
  async (file) =>
    (await (await bucket.get(`${FONTS_PREFIX}${file}`))?.arrayBuffer()) ?? null;

/** A font the PDF needs is not where the source looks: the deployment lacks its fonts (see docs/deploying.md). */
export class MissingFontError extends Error {
  constructor(readonly file: FontFile) {
    super(`PDF fonts are not installed: ${FONTS_PREFIX}${file} is missing from the MEDIA bucket`);
    this.name = "MissingFontError";
  }
}
