import type { TranscriptionTask } from "@verbatim/shared";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bearerToken, currentUserId, useApiKey } from "../auth";
import { createDb } from "../db/client";
import type { AppEnv } from "../env";
import { closeAfterUnreadBody } from "../http/close-after-unread-body";
import { ApiError } from "../http/errors";
import { requestLogger } from "../http/logger";
import { recogniseAudio } from "./audio";
import { audioDoc } from "./docs";
import { onOpenAiError } from "./errors";
import { jobUrl, pendingJob } from "./formats";

/**
 * An API key as Bearer, and nothing else: no session cookie (so no cross-site request can use one here), the key's
 * scope and pace checked as on /api (auth/api-key.ts).
 */
const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("db", createDb(c.env.DB));
  c.set("userId", null);
  c.set("sessionId", null);
  c.set("apiKeyId", null);
  const token = bearerToken(c.req.header("Authorization"));
  if (token === undefined)
    throw new ApiError(
      401,
      "You didn't provide an API key. Send one as `Authorization: Bearer vbt_…` (create it in Settings › API).",
      { "WWW-Authenticate": 'Bearer realm="verbatim"' },
    );
  await useApiKey(c, token);
  await next();
};

async function audio(c: Context<AppEnv>, task: TranscriptionTask) {
  const outcome = await recogniseAudio(c.env, c.get("db"), currentUserId(c), c.req.raw, task);
  c.header("Verbatim-Transcription-Id", outcome.t.id);
  if (!outcome.done) {
    c.header("Location", jobUrl(outcome.t.id));
    return c.json(pendingJob(outcome.t), 202);
  }
  return c.body(outcome.rendered.body, 200, { "Content-Type": outcome.rendered.contentType });
}

/**
 * OpenAI's audio API at /v1 (docs/architecture/api.md#openai-compatible-audio-api): an OpenAI client pointed at
 * this server transcribes and translates through Verbatim's pipeline, its recordings joining the key owner's
 * library. Errors in OpenAI's shape.
 */
export const openAiRoutes = new Hono<AppEnv>()
  .use(requestLogger)
  .use(closeAfterUnreadBody)
  .use(requireApiKey)
  .post("/audio/transcriptions", audioDoc("transcribe", "/v1/audio/transcriptions"), (c) => audio(c, "transcribe"))
  .post("/audio/translations", audioDoc("translate", "/v1/audio/translations"), (c) => audio(c, "translate"));

openAiRoutes.onError(onOpenAiError);
