import { z } from "zod";
import { segmentSchema, speakerSchema } from "./transcript";
import { speakerCountSchema } from "./upload";

// The transcript editor and speaker names (issue 15). Every change is saved against the version the client
// started from; a save based on an older version is refused with 409 so nothing is overwritten silently.

const versionSchema = z.number().int().nonnegative();

/** PUT /api/transcriptions/{id}/transcript: the whole edited transcript. Answers the saved TranscriptDoc. */
export const transcriptSaveSchema = z.object({
  baseVersion: versionSchema,
  segments: z.array(segmentSchema).max(20_000),
  speakers: z.array(speakerSchema).max(50),
});
export type TranscriptSave = z.infer<typeof transcriptSaveSchema>;

/** PATCH /api/transcriptions/{id}/speakers: rename speakers by id (null clears a name). Answers the TranscriptDoc. */
export const speakerRenameSchema = z.object({
  baseVersion: versionSchema,
  names: z.record(z.string().min(1).max(64), z.string().trim().min(1).max(80).nullable()),
});
export type SpeakerRename = z.infer<typeof speakerRenameSchema>;

export const VERSION_CONFLICT = "VERSION_CONFLICT";
/** 409 answer to a save based on an old version: the client offers to reload `currentVersion`. */
export const versionConflictSchema = z
  .object({ message: z.string(), code: z.literal(VERSION_CONFLICT), currentVersion: versionSchema })
  .meta({ id: "VersionConflict" });
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** A name heard in a self-introduction ("I'm Dana", "this is Dana from…"); offered, never applied silently. */
export const speakerSuggestionSchema = z.object({
  speaker: z.string(),
  name: z.string(),
  /** The words it was heard in, and when, so the user can check. */
  quote: z.string(),
  start: z.number().nonnegative(),
});
/** GET /api/transcriptions/{id}/speakers/suggestions. */
export const speakerSuggestionsSchema = z.object({ suggestions: z.array(speakerSuggestionSchema) });
export type SpeakerSuggestion = z.infer<typeof speakerSuggestionSchema>;

export const TRANSCRIPT_VERSION_KINDS = ["machine", "edit", "rename", "restore"] as const;
/** GET /api/transcriptions/{id}/transcript/versions: the saved history, newest first (undo across reloads). */
export const transcriptVersionsSchema = z.object({
  current: versionSchema,
  versions: z.array(
    z.object({
      version: versionSchema,
      kind: z.enum(TRANSCRIPT_VERSION_KINDS),
      created_at: z.string(),
      /** Who saved it: null for a machine run, and for versions saved before authors were kept. */
      author: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
export type TranscriptVersions = z.infer<typeof transcriptVersionsSchema>;

/** POST /api/transcriptions/{id}/transcript/restore: make an earlier version current again (as a new version). */
export const transcriptRestoreSchema = z.object({ baseVersion: versionSchema, version: versionSchema });

/**
 * POST /api/transcriptions/{id}/reprocess (body optional). `edits`: what becomes of the user's edits when the
 * recording is transcribed again — "discard" (default) makes the new machine transcript current, "keep" keeps
 * the edited one current; either way every earlier version stays in the history and can be restored.
 */
export const reprocessSchema = z.object({
  diarize: z.boolean().optional(),
  num_speakers: speakerCountSchema.nullable().optional(),
  edits: z.enum(["keep", "discard"]).default("discard"),
});
export type ReprocessOptions = z.input<typeof reprocessSchema>;
