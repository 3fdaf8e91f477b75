import { z } from "zod";
import { keyPointsSchema } from "./analysis";
import { transcriptDocSchema } from "./transcript";

// Share links (docs/architecture/share-links.md): a read-only link to one transcription for someone without an
// account. The token is shown once, when the link is made; the server keeps only its hash.

/** The lifetimes a new link may have, in days; null = until revoked. */
export const SHARE_LINK_LIFETIMES = [1, 7, 30] as const;

/** Where the public pages live (the web route /s/$token; the Worker marks them noindex). */
export const SHARE_PAGE_PREFIX = "/s/";

/** The public page's path for a token (the link the owner copies). */
export const sharePagePath = (token: string) => `${SHARE_PAGE_PREFIX}${token}`;

export const shareLinkSchema = z
  .object({
    id: z.string(),
    /** The shared page also plays the recording. */
    includeRecording: z.boolean(),
    /** The shared page also shows the summary and key points. */
    includeSummary: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    viewCount: z.number().int().nonnegative(),
    lastViewedAt: z.string().nullable(),
  })
  .meta({ id: "ShareLink" });
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });

/** A new link: the only time its token (in `path`) is ever sent. */
export const createdShareLinkSchema = z.object({ link: shareLinkSchema, path: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const createShareLinkSchema = z.object({
  includeRecording: z.boolean().default(true),
  includeSummary: z.boolean().default(true),
  expiresInDays: z.literal(SHARE_LINK_LIFETIMES).nullable().default(null),
});
export type CreateShareLink = z.input<typeof createShareLinkSchema>;

/**
 * What a link shows: this one transcription's title, transcript with speakers, and (if the owner chose) its
 * summary and recording. Nothing else of the owner's: no account, file path, other transcriptions or history.
 */
export const sharedTranscriptSchema = z
  .object({
    title: z.string(),
    createdAt: z.string(),
    duration: z.number().nullable(),
    language: z.string().nullable(),
    /** "video" or "audio" when the recording is shared (at …/media), else null. */
    media: z.enum(["audio", "video"]).nullable(),
    summary: z.string().nullable(),
    keyPoints: keyPointsSchema.nullable(),
    /** Null until the transcript is ready. */
    transcript: transcriptDocSchema.nullable(),
  })
  .meta({ id: "SharedTranscript" });
export type SharedTranscript = z.infer<typeof sharedTranscriptSchema>;
