import type { TranscriptionTask } from "@verbatim/shared";
import type { Db } from "../db/client";
import type { TranscriptionRow } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { readFormAroundFile } from "../http/form-stream";
import { readCurrentDoc } from "../transcript-doc";
import { assertDeclaredSize, storeAndTranscribe } from "../transcriptions";
import { badField } from "./errors";
import { type Rendered, render } from "./formats";
import { type AudioRequest, audioRequest } from "./request";
import { waitBound, waitForTranscript } from "./wait";

export type AudioOutcome =
  | { done: true; t: TranscriptionRow; rendered: Rendered }
  /** Still running when the wait ran out: the client polls the job. */
  | { done: false; t: TranscriptionRow };

/**
 * One OpenAI audio request through Verbatim's pipeline: the recording is uploaded as the web app uploads one (plan
 * limits, R2, the queue, the speech provider, speakers) and so joins the user's library; then the request waits for
 * its transcript and answers it in the format asked for.
 */
export async function recogniseAudio(
  env: Bindings,
  db: Db,
  userId: string,
  request: Request,
  task: TranscriptionTask,
): Promise<AudioOutcome> {
  assertDeclaredSize(request.headers.get("Content-Length") ?? undefined);
  const form = await readFormAroundFile(request, "file");
  // Options sent before the file are checked before any of it is read.
  audioRequest(form.fields, task, false);
  if (!form.file) throw badField("file", "Missing required parameter: 'file'.");
  let asked: AudioRequest | undefined;
  const created = await storeAndTranscribe(env, db, { userId, workspaceId: null }, form.file, async () => {
    asked = audioRequest(await form.rest(), task, true);
    return asked.upload;
  });
  const t = await waitForTranscript(db, created.id, waitBound(env.OPENAI_AUDIO_WAIT_SECONDS));
  if (!t) return { done: false, t: created };
  if (t.status === "FAILED")
    throw new ApiError(
      422,
      t.errorMessage ?? "The recording could not be transcribed",
      { "Verbatim-Transcription-Id": t.id },
      { code: "transcription_failed" },
    );
  const doc = await readCurrentDoc(env, t);
  if (!doc || !asked) throw new Error(`transcription ${t.id} has a version but no transcript`);
  return { done: true, t, rendered: await render(t, doc, asked) };
}
