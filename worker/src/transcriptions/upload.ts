import { FILE_EMPTY, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, mediaTypeOf } from "@verbatim/shared";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { readFormUntilFile } from "../http/form-stream";
import { mediaKey } from "../store/keys";
import { withSlot } from "../store/plan-usage";
import { writeStreamToR2 } from "../store/r2-writer";
import {
  assertAcceptedType,
  assertDeclaredSize,
  createFileTranscription,
  declaredFileSize,
  sniffMedia,
  spokenLanguage,
} from "./create";
import { speakerChoiceFromForm } from "./speaker-options";

/**
 * POST /api/transcriptions/upload: the `file` field streams into R2, then the job is queued. Fields sent
 * before the file: `name`, `language` (the spoken language's code; left out, it is detected), `diarize`
 * ("true": tell speakers apart), `num_speakers` (1–20, when known; only with diarize) and `size` (the file's
 * length in bytes: the file is then stored in one piece as it arrives, and a file of another length refused).
 */
export async function uploadSingleFile(env: Bindings, db: Db, userId: string, request: Request) {
  // A request that is not a valid upload is a 400/413/415 whatever the plan: the form's fields, the file's
  // name and type and its first bytes are checked before the plan's slot is taken; the recording itself is
  // read only while holding the slot.
  assertDeclaredSize(request.headers.get("Content-Length") ?? undefined);
  const { fields, file } = await readFormUntilFile(request, "file");
  if (!file) throw new ApiError(400, "Please select a file to upload.");
  const language = spokenLanguage(fields.language);
  const speakers = speakerChoiceFromForm(fields);
  const declaredSize = declaredFileSize(fields.size);
  assertAcceptedType(file.fileName, file.contentType);
  const stream = await sniffMedia(file.stream);
  const fileType = mediaTypeOf(file.fileName, file.contentType);
  const name = fields.name?.trim() || null;

  return withSlot(env.DB, userId, async () => {
    const id = crypto.randomUUID();
    const key = mediaKey(userId, id, file.fileName);
    const { size } = await writeStreamToR2(env.MEDIA, key, stream, {
      contentType: fileType,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: FILE_TOO_LARGE,
      size: declaredSize,
    });
    if (size === 0) throw new ApiError(400, FILE_EMPTY);
    try {
      return await createFileTranscription(env, db, {
        id,
        userId,
        name,
        fileName: file.fileName,
        fileType,
        mediaKey: key,
        size,
        language,
        ...speakers,
      });
    } catch (err) {
      await env.MEDIA.delete(key);
      throw err;
    }
  });
}
