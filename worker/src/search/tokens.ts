import type { SnippetPart } from "@verbatim/shared";

// What the FTS5 index sees. unicode61 (migration 0007) splits words at spaces and punctuation, which leaves a
// sentence of Japanese or Chinese as one long token. So scripts written without spaces get a zero-width space
// between their characters, in the indexed text and in the query alike: a word is then found as the phrase of
// its characters, anywhere in a sentence. unicode61 treats U+200B (a format character) as a separator.

const SEPARATOR = "\u200B";
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

/**
 * An FTS5 query from plain words: each word is a quoted phrase (so nothing the user types is query syntax),
 * all must occur, and the last one may be the start of a word (search as you type). Null when there is no word.
 */
export function ftsQuery(input: string): string | null {
  const words = indexedText(input).match(WORD);
  if (!words) return null;
  // A word of an unspaced script is already split into its characters; the phrase keeps them in order.
  return words.map((w, i) => `"${w.replaceAll(SEPARATOR, " ")}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

/** Marks FTS5's snippet() puts around each match: control characters no transcript contains. */
export const MATCH_OPEN = "\u0002";
export const MATCH_CLOSE = "\u0003";

/** A snippet with its matches marked as parts the client highlights (never HTML). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [i, piece] of shownText(marked).split(MATCH_OPEN).entries()) {
    const [inside, after] = i === 0 ? [null, piece] : splitOnce(piece, MATCH_CLOSE);
    if (inside) parts.push({ text: inside, match: true });
    if (after) parts.push({ text: after, match: false });
  }
  return mergeAdjacent(parts);
}

function splitOnce(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + mark.length)];
}

/** Consecutive highlighted characters of an unspaced script come back as one match. */
function mergeAdjacent(parts: SnippetPart[]) {
  const out: SnippetPart[] = [];
  for (const p of parts) {
    const last = out.at(-1);
    if (last && last.match === p.match) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}
