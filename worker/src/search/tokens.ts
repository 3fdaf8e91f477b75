import type { SnippetPart } from "@verbatim/shared";

import { queryWords, SEPARATOR, shownText } from "@verbatim/shared/search-text";

// What the FTS5 index sees is shared with the browser's offline index (shared/src/search-text.ts); this is
// how it is queried, and how its snippets come back.

/**
 * An FTS5 query from plain words: each word is a quoted phrase (so nothing the user types is query syntax),
 * all must occur, and the last one may be the start of a word (search as you type). Null when there is no word.
 */
export function ftsQuery(input: string): string | null {
  const words = queryWords(input);
  if (words.length === 0) return null;
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
