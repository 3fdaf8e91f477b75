import { z } from "zod";
import { transcriptionStatusSchema } from "./transcription";
import { spaceQuerySchema } from "./workspaces";

// Search across every transcription of the signed-in user (issue 16): GET /api/search?q=…

export const SEARCH_QUERY_MAX = 200;
/** Best hits a result brings, the same from the server's index and the device's offline one. */
export const SEARCH_HITS_PER_RESULT = 3;
/** Words of context in a snippet, as FTS5's snippet() cuts it on the server (its limit is 64). */
export const SNIPPET_WORDS = 16;

/** GET /api/search: `q` is plain words (no query syntax); every word must occur, the last one may be a prefix. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "Type a word to search for")
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  /** Transcriptions per page. */
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Transcriptions to skip (the next page starts at offset + limit). */
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  ...spaceQuerySchema.shape,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const SEARCH_FIELD_VALUES = ["title", "summary", "transcript"] as const;
export const searchFieldSchema = z.enum(SEARCH_FIELD_VALUES);

/** A run of a snippet's text; `match` marks the words the query found (shown highlighted). */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

/** One place a transcription matched: its title, its summary, or a transcript line (with time and speaker). */
export const searchHitSchema = z.object({
  field: searchFieldSchema,
  /** Seconds into the recording where the transcript line starts; null for the title and summary. */
  start: z.number().nonnegative().nullable(),
  /** The line's speaker as the transcript names it; null when unknown. */
  speaker: z.string().nullable(),
  snippet: z.array(snippetPartSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  /** The title the list shows: the name given, else the file name. */
  title: z.string(),
  status: transcriptionStatusSchema,
  created_at: z.string(),
  /** bm25 of the best hit (lower is better, as SQLite reports it). */
  score: z.number(),
  /** How many titles, summaries and lines matched in all. */
  hitCount: z.number().int().positive(),
  /** The best hits, best first. */
  hits: z.array(searchHitSchema).min(1).max(SEARCH_HITS_PER_RESULT),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = z.object({
  query: z.string(),
  /** Transcriptions that match, in all pages. */
  total: z.number().int().nonnegative(),
  results: z.array(searchResultSchema),
});
export type SearchPage = z.infer<typeof searchPageSchema>;
