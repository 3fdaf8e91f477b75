import { parseMarker } from "./time-marker";

// What search sees of a transcription, the same on the server (D1 FTS5, worker/src/search) and in the browser
// (the device library's offline index, web/src/entities/library): the same entries and the same words, so the
// same query finds the same things online and off.

/** One searchable piece: the title, the summary, or one `[mm:ss] Speaker: sentence` line of the text. */
export interface SearchEntry {
  field: "title" | "summary" | "transcript";
  /** Seconds into the recording, for a transcript line with a time. */
  start: number | null;
  speaker: string | null;
  body: string;
}

/** `Name: ` as the transcript writes it before a diarized line (names are at most 80 characters). */
const SPEAKER = /^([^:\n]{1,80}): (.*)$/s;

/** One line of `text` as an entry; the speaker prefix is read only where the recording was diarized. */
export function transcriptLine(line: string, diarized: boolean): SearchEntry | null {
  const marked = parseMarker(line);
  const [start, rest] = marked ? [marked.seconds, marked.rest] : [null, line];
  const said = diarized ? SPEAKER.exec(rest) : null;
  const body = (said ? said[2] : rest)?.trim();
  return body ? { field: "transcript", start, speaker: said?.[1]?.trim() ?? null, body } : null;
}

/** A transcription's entries: its title (the name given, else the file name), summary and transcript lines. */
export function searchEntries(row: {
  name: string | null;
  file_name: string;
  text: string | null;
  summary: string | null;
  diarized: boolean;
}): SearchEntry[] {
  const entries: SearchEntry[] = [{ field: "title", start: null, speaker: null, body: row.name || row.file_name }];
  if (row.summary?.trim()) entries.push({ field: "summary", start: null, speaker: null, body: row.summary.trim() });
  for (const line of row.text?.split("\n") ?? []) {
    const entry = transcriptLine(line, row.diarized);
    if (entry) entries.push(entry);
  }
  return entries;
}

// unicode61 (FTS5's tokenizer) splits words at spaces and punctuation, which leaves a sentence of Japanese or
// Chinese as one long token. So scripts written without spaces get a zero-width space between their
// characters, in the indexed text and in the query alike: a word is then found as the phrase of its
// characters, anywhere in a sentence. unicode61 treats U+200B (a format character) as a separator.

export const SEPARATOR = "\u200B";
const UNSPACED_LETTER =
  "[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}]";
/**
 * A letter of a script written without spaces (with its combining marks) before any letter or digit, or any
 * letter or digit before one: "Zoomで会議" is indexed as "Zoom", "で", "会", "議".
 */
const UNSPACED = new RegExp(
  `(${UNSPACED_LETTER}\\p{M}*)(?=[\\p{L}\\p{N}])|([\\p{L}\\p{N}]\\p{M}*)(?=${UNSPACED_LETTER})`,
  "gu",
);

/** The text as indexed: NFKC (full-width letters, composed accents) with unspaced scripts split per character. */
export function indexedText(text: string) {
  return text.normalize("NFKC").replace(UNSPACED, `$1$2${SEPARATOR}`);
}

/** The text as shown again: without the separators the index needed. */
export const shownText = (text: string) => text.replaceAll(SEPARATOR, "");

/**
 * Letters, digits and the marks on them: the words a user typed, whatever the punctuation between them. The
 * characters of an unspaced script stay one word (joined by the separator), to be searched as a phrase.
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:\u200B[\p{L}\p{N}\p{M}]+)*/gu;

/** The words of a query, as indexed text; each may hold several tokens (an unspaced script's characters). */
export function queryWords(input: string): string[] {
  return indexedText(input).match(WORD) ?? [];
}

/**
 * A token as unicode61 with remove_diacritics 2 compares it: lower case, and Latin letters without their
 * accents ("Café" as "cafe"); other scripts keep theirs (が stays が).
 */
export const foldToken = (token: string) =>
  token
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");

/**
 * The tokens of indexed text, as unicode61 splits it by default ("L* N* Co": letters, digits and private-use
 * characters; anything else, combining marks included, separates). Give it indexed text (NFKC: Latin accents
 * composed into their letters), whose offsets the tokens keep.
 */
export function tokensOf(text: string): { token: string; from: number; to: number }[] {
  const out: { token: string; from: number; to: number }[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}\p{Co}]+/gu)) {
    out.push({ token: foldToken(m[0]), from: m.index, to: m.index + m[0].length });
  }
  return out;
}
