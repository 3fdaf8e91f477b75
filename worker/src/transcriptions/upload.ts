import { FILE_EMPTY, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, mediaTypeOf, type TranscriptionTask } from "@verbatim/shared";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { readFormUntilFile } from "../http/form-stream";
import { mediaKey } from "../store/keys";
import { withSlot } from "../store/plan-usage";
import { writeStreamToR2 } from "../store/r2-writer";
import type { Space } from "../store/transcriptions";
import {
  assertAcceptedType,
  assertDeclaredSize,
  createFileTranscription,
  declaredFileSize,
  sniffMedia,
  spokenLanguage,
} from "./create";
import { type SpeakerChoice, speakerChoiceFromForm } from "./speaker-options";

/** A recording arriving in a multipart form: its part's name and type, and its bytes as they come. */
export interface IncomingFile {
  fileName: string;
  contentType: string;
  stream: ReadableStream<Uint8Array>;
}

/** What a new transcription is asked to be: the upload form's fields, or an OpenAI audio request's. */
export type UploadOptions = {
  name: string | null;
  language: string | null;
  task?: TranscriptionTask;
} & SpeakerChoice;

/**
 * POST /api/transcriptions/upload: the `file` field streams into R2, then the job is queued. Fields sent
 * before the file: `name`, `language` (the spoken language's code; left out, it is detected), `diarize`
 * ("true": tell speakers apart), `num_speakers` (1–20, when known; only with diarize) and `size` (the file's
 * length in bytes: the file is then stored in one piece as it arrives, and a file of another length refused).
 */
export async function uploadSingleFile(env: Bindings, db: Db, space: Space, request: Request) {
  // A request that is not a valid upload is a 400/413/415 whatever the plan: the form's fields, the file's
  // name and type and its first bytes are checked before the plan's slot is taken; the recording itself is
  // read only while holding the slot.
  assertDeclaredSize(request.headers.get("Content-Length") ?? undefined);
  const { fields, file } = await readFormUntilFile(request, "file");
  if (!file) throw new ApiError(400, "Please select a file to upload.");
  const options: UploadOptions = {
    name: fields.name?.trim() || null,
    language: spokenLanguage(fields.language),
    ...speakerChoiceFromForm(fields),
  };
  const declaredSize = declaredFileSize(fields.size);
  return storeAndTranscribe(env, db, space, file, async () => options, declaredSize);
}

/**
 * The one way a whole recording becomes a transcription, for the web upload and the OpenAI audio API alike: its
 * name, type and first bytes are checked, then, holding one of the plan's slots, it streams into R2 and its
 * transcription is created (the plan's length checked first) and queued. `options` is asked once the file is
 * stored, since an OpenAI client sends its fields after the file; if it or anything later throws, the stored file
 * is deleted and the slot given back.
 */
export async function storeAndTranscribe(
  env: Bindings,
  db: Db,
  space: Space,
  file: IncomingFile,
  options: () => Promise<UploadOptions>,
  declaredSize?: number,
) {
  assertAcceptedType(file.fileName, file.contentType);
  const stream = await sniffMedia(file.stream);
  const fileType = mediaTypeOf(file.fileName, file.contentType);

  return withSlot(env.DB, space, async () => {
    const id = crypto.randomUUID();
    const key = mediaKey(space.userId, id, file.fileName);
    const { size } = await writeStreamToR2(env.MEDIA, key, stream, {
      contentType: fileType,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: FILE_TOO_LARGE,
      size: declaredSize,
    });
    try {
      if (size === 0) throw new ApiError(400, FILE_EMPTY);
      return await createFileTranscription(env, db, {
        id,
        ...space,
        fileName: file.fileName,
        fileType,
        mediaKey: key,
        size,
        ...(await options()),
      });
    } catch (err) {
      await env.MEDIA.delete(key);
      throw err;
    }
  });
}
