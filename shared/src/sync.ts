import { z } from "zod";
import { transcriptDocSchema } from "./transcript";
import { transcriptionSchema } from "./transcription";
import { spaceQuerySchema } from "./workspaces";

// The device library's sync (issue 16): GET /api/sync?since=<cursor> answers what changed after the cursor.
// Each transcription appears at most once per answer, with its latest state or as deleted (a tombstone), and a
// change is answered exactly once to a client that keeps the cursor it was given.

/** Opaque to clients; today a decimal sequence number. "0" (or no `since`) asks for everything. */
export const syncCursorSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,15})$/, "since must be a cursor from an earlier sync");

export const syncQuerySchema = z.object({
  since: syncCursorSchema.default("0"),
  /** Changes per page at most; a page also ends early once it carries about 2 MB of transcripts. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
  ...spaceQuerySchema.shape,
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const syncUpsertSchema = z.object({
  type: z.literal("upsert"),
  id: z.string(),
  /** The transcription as GET /api/transcriptions/{id} answers it. */
  transcription: transcriptionSchema,
  /** The timed transcript (GET …/segments); null until there is one. */
  transcript: transcriptDocSchema.nullable(),
});
export const syncDeleteSchema = z.object({ type: z.literal("delete"), id: z.string() });
export const syncChangeSchema = z.discriminatedUnion("type", [syncUpsertSchema, syncDeleteSchema]);
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncPageSchema = z.object({
  changes: z.array(syncChangeSchema),
  /** Send as `since` next time; unchanged when nothing changed. */
  cursor: syncCursorSchema,
  /** More changes wait: ask again at once with the new cursor. */
  hasMore: z.boolean(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;
