import { keyPointsSchema, parseStoredJson } from "@verbatim/shared/analysis";
import type { SharedTranscript } from "@verbatim/shared/share-links";
import type { TranscriptionRow } from "../db/schema";
import type { Bindings } from "../env";
import { titleOf } from "../rules/transcription-title";
import { readCurrentDoc } from "../transcript-doc";

/**
 * What a share link shows of one transcription: only the fields the public page draws, the summary and the
 * recording only if the owner chose so. The row's other columns (owner, file path, logs, errors) never leave.
 */
export async function sharedView(
  env: Pick<Bindings, "MEDIA">,
  t: TranscriptionRow,
  link: { includeRecording: boolean; includeSummary: boolean },
): Promise<SharedTranscript> {
  const transcript = await readCurrentDoc(env, t);
  return {
    title: titleOf(t),
    createdAt: t.createdAt,
    duration: t.duration,
    language: t.language,
    media: link.includeRecording ? (t.fileType.startsWith("video/") ? "video" : "audio") : null,
    summary: link.includeSummary ? t.summary : null,
    keyPoints: link.includeSummary ? parseStoredJson(keyPointsSchema, t.keyPoints) : null,
    transcript,
  };
}
