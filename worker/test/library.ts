import { env } from "cloudflare:test";
import { createDb } from "../src/db/client";
import { reindexTranscription } from "../src/store/search-index";
import { insertTranscription, updateTranscription } from "../src/store/transcriptions";

export const db = () => createDb(env.DB);

/**
 * A transcription made the way the pipeline makes one, without speech recognition: the row is created (as an
 * upload does), then its transcript and summary are written and indexed (as the stitch and analysis jobs do).
 */
export async function seedTranscription(
  userId: string,
  fields: { fileName?: string; name?: string; text?: string; summary?: string; diarize?: boolean } = {},
) {
  const id = crypto.randomUUID();
  const fileName = fields.fileName ?? `${id.slice(0, 8)}.mp3`;
  await insertTranscription(db(), {
    id,
    userId,
    name: fields.name ?? null,
    fileName,
    filePath: `users/${userId}/transcriptions/${id}/media/${fileName}`,
    fileType: "audio/mpeg",
    diarize: fields.diarize ?? false,
  });
  if (fields.text !== undefined || fields.summary !== undefined) {
    await updateTranscription(db(), id, {
      status: "COMPLETED",
      progressPercentage: 100,
      text: fields.text ?? null,
      summary: fields.summary ?? null,
    });
    await reindexTranscription(db(), id);
  }
  return id;
}
