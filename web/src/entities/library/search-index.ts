import {
  SEARCH_HITS_PER_RESULT,
  type SearchHit,
  type SearchPage,
  type SearchQuery,
  type SearchResult,
  SNIPPET_WORDS,
  type SnippetPart,
} from "@verbatim/shared/search";
import {
  indexedText,
  queryWords,
  SEPARATOR,
  type SearchEntry,
  searchEntries,
  shownText,
  tokensOf,
} from "@verbatim/shared/search-text";
import type { Transcription } from "@verbatim/shared/transcription";
import MiniSearch from "minisearch";

// Search in the browser over the device library (offline), answering what GET /api/search answers for the
// same words: the same entries (shared/src/search-text.ts), every word in one entry, the last one possibly the
// start of a word, accents and case folded, an unspaced script's word found as the phrase of its characters.
// MiniSearch finds the entries holding every token; each is then checked for the words in order (phrases).

interface IndexedEntry extends SearchEntry {
  id: number;
  transcriptionId: string;
  /** The body as indexed (NFKC, unspaced scripts split), which snippets are cut from. */
  indexed: string;
}

type Token = ReturnType<typeof tokensOf>[number];
/** A query word as tokens: one for a spaced script, one per character for an unspaced one. */
type Phrase = string[];

const phrasesOf = (q: string): Phrase[] =>
  queryWords(q).map((word) => word.split(SEPARATOR).flatMap((part) => tokensOf(part).map((t) => t.token)));

/** Where each phrase occurs in the tokens (the last token of the last phrase may be a prefix); null if one is missing. */
function matchPositions(tokens: Token[], phrases: Phrase[]): Set<number> | null {
  const found = new Set<number>();
  for (const [p, phrase] of phrases.entries()) {
    const lastPhrase = p === phrases.length - 1;
    let any = false;
    for (let at = 0; at + phrase.length <= tokens.length; at++) {
      const fits = phrase.every((want, k) => {
        const have = tokens[at + k]?.token ?? "";
        return lastPhrase && k === phrase.length - 1 ? have.startsWith(want) : have === want;
      });
      if (!fits) continue;
      any = true;
      for (let k = 0; k < phrase.length; k++) found.add(at + k);
    }
    if (!any) return null;
  }
  return found;
}

/** The words around the first match, matches marked, "…" where the text was cut (like FTS5's snippet()). */
function snippet(text: string, tokens: Token[], matched: Set<number>): SnippetPart[] {
  const first = Math.min(...matched);
  const from = Math.max(0, Math.min(first - Math.floor(SNIPPET_WORDS / 4), tokens.length - SNIPPET_WORDS));
  const to = Math.min(tokens.length, from + SNIPPET_WORDS);
  const parts: SnippetPart[] = [];
  const push = (piece: string, match: boolean) => {
    const shown = shownText(piece);
    if (!shown) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += shown;
    else parts.push({ text: shown, match });
  };
  if (from > 0) push("…", false);
  let cursor = from > 0 ? (tokens[from]?.from ?? 0) : 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i] as Token;
    push(text.slice(cursor, token.from), false);
    push(text.slice(token.from, token.to), matched.has(i));
    cursor = token.to;
  }
  push(to < tokens.length ? "…" : text.slice(cursor), false);
  return parts;
}

export class OfflineSearchIndex {
  private readonly mini: MiniSearch<IndexedEntry>;
  private readonly entries: IndexedEntry[] = [];
  private readonly rows = new Map<string, Transcription>();

  constructor(rows: Transcription[]) {
    this.mini = new MiniSearch<IndexedEntry>({
      fields: ["indexed"],
      // Tokens as FTS5's unicode61 makes them (folded already): nothing more to process.
      tokenize: (text) => tokensOf(text).map((t) => t.token),
      processTerm: (term) => term,
    });
    for (const row of rows) {
      this.rows.set(row.id, row);
      const entries = searchEntries({ ...row, diarized: row.diarize });
      for (const entry of entries)
        this.entries.push({
          ...entry,
          id: this.entries.length,
          transcriptionId: row.id,
          indexed: indexedText(entry.body),
        });
    }
    this.mini.addAll(this.entries);
  }

  search({ q, limit, offset }: SearchQuery): SearchPage {
    const phrases = phrasesOf(q).filter((p) => p.length > 0);
    if (phrases.length === 0) return { query: q, total: 0, results: [] };
    const terms = phrases.flat();
    const candidates = this.mini.search(terms.join(" "), {
      combineWith: "AND",
      tokenize: (text) => text.split(" "),
      processTerm: (term) => term,
      prefix: (_term, i, all) => i === all.length - 1,
    });

    const byTranscription = new Map<string, { best: number; hits: (SearchHit & { score: number })[] }>();
    for (const candidate of candidates) {
      const entry = this.entries[candidate.id as number] as IndexedEntry;
      const tokens = tokensOf(entry.indexed);
      const matched = matchPositions(tokens, phrases);
      if (!matched) continue;
      // bm25 as SQLite reports it: lower is better.
      const score = -candidate.score;
      const group = byTranscription.get(entry.transcriptionId) ?? { best: score, hits: [] };
      group.best = Math.min(group.best, score);
      group.hits.push({
        field: entry.field,
        start: entry.start,
        speaker: entry.speaker,
        snippet: snippet(entry.indexed, tokens, matched),
        score,
      });
      byTranscription.set(entry.transcriptionId, group);
    }

    const ranked = [...byTranscription.entries()].sort(([a, x], [b, y]) => x.best - y.best || a.localeCompare(b));
    const results: SearchResult[] = ranked.slice(offset, offset + limit).map(([id, group]) => {
      const row = this.rows.get(id) as Transcription;
      const hits = group.hits
        .sort((a, b) => a.score - b.score || (a.start ?? -1) - (b.start ?? -1))
        .slice(0, SEARCH_HITS_PER_RESULT)
        .map(({ score: _, ...hit }) => hit);
      return {
        id,
        title: row.name || row.file_name,
        status: row.status,
        created_at: row.created_at,
        score: group.best,
        hitCount: group.hits.length,
        hits,
      };
    });
    return { query: q, total: ranked.length, results };
  }
}
