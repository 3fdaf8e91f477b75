import { FILE_EMPTY, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, mediaTypeOf } from "@verbatim/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { mediaKey } from "../store/keys";
import { withSlot } from "../store/plan-usage";
import { writeStreamToR2 } from "../store/r2-writer";
import type { Space } from "../store/transcriptions";
import type { SpeakerChoice } from "../transcriptions";
import { assertAcceptedType, createFileTranscription, sniffMedia } from "../transcriptions";
import type { GoogleCall } from "./api-client";
import { getEvent, recordingOf } from "./calendar";
import { fileMetadata, fileStream } from "./drive";

/** Extension for Drive's mime types, so the normal upload checks see a recognisable file name. */
function withExtension(name: string, mimeType: string) {
  if (/\.[a-z0-9]{2,4}$/i.test(name)) return name;
  const ext = {
    "video/mp4": ".mp4",
    "audio/mpeg": ".mp3",
    "audio/mp4": ".m4a",
    "video/webm": ".webm",
    "audio/wav": ".wav",
  }[mimeType];
  return ext ? `${name}${ext}` : name;
}

/** Transcriptions already made from this user's event (newest first). */
export async function transcriptionsForEvents(db: Db, userId: string) {
  const rows = await db
    .select({ id: transcriptions.id, eventId: transcriptions.googleEventId })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), isNotNull(transcriptions.googleEventId)));
  const byEvent = new Map<string, string>();
  for (const r of rows) if (r.eventId) byEvent.set(r.eventId, r.id);
  return byEvent;
}

/**
 * The event's Meet recording, streamed from Drive into R2 and queued like an upload. The event is read from
 * the user's own calendar (never a file id from the client), so a user can only import their own recordings.
 */
export async function importRecording(
  env: Bindings,
  db: Db,
  call: GoogleCall,
  eventId: string,
  { space, speakers }: { space: Space; speakers?: SpeakerChoice },
) {
  const existing = (await transcriptionsForEvents(db, call.userId)).get(eventId);
  if (existing) return existing;
  const event = await getEvent(call, eventId);
  const recording = recordingOf(event);
  if (!recording) throw new ApiError(404, "This meeting has no recording in Google Drive");
  const file = await fileMetadata(call, recording.fileId);
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, FILE_TOO_LARGE);
  if (file.size === 0) throw new ApiError(400, FILE_EMPTY);
  const fileName = withExtension(file.name, file.mimeType);
  assertAcceptedType(fileName, file.mimeType);

  // A recording is new work like an upload: it takes one of the plan's slots before a byte is copied.
  const stored = await withSlot(env.DB, space, async () => {
    const id = crypto.randomUUID();
    const key = mediaKey(call.userId, id, fileName);
    const fileType = mediaTypeOf(fileName, file.mimeType);
    const stream = await sniffMedia(fileStream(call, file));
    const { size } = await writeStreamToR2(env.MEDIA, key, stream, {
      contentType: fileType,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: FILE_TOO_LARGE,
    });
    try {
      await createFileTranscription(env, db, {
        id,
        ...space,
        name: event.summary ?? null,
        fileName,
        fileType,
        mediaKey: key,
        size,
        ...speakers,
      });
      await db.update(transcriptions).set({ googleEventId: eventId }).where(eq(transcriptions.id, id));
    } catch (err) {
      await env.MEDIA.delete(key);
      throw err;
    }
    return { id };
  });
  return stored.id;
}
