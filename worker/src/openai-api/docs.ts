import { describeRoute, resolver } from "hono-openapi";
import { z } from "zod";
import { API_KEY, formBody } from "../http/openapi";
import { requiredScope } from "../rules/api-key-scopes";
import { RESPONSE_FORMATS } from "./request";

// The OpenAPI document's description of the OpenAI audio API: a key only (no session), OpenAI's form and bodies,
// and OpenAI's error shape for every refusal.

const asOutput = { options: { io: "output" } };

const form = (task: "transcribe" | "translate") =>
  z.object({
    file: z.file().describe("The recording (up to 500 MB); its first bytes must be audio or video"),
    model: z
      .string()
      .describe("Required, as OpenAI's clients send it; any name is accepted: the server's speech engine transcribes"),
    response_format: z
      .enum(task === "translate" ? RESPONSE_FORMATS.filter((f) => f !== "diarized_json") : RESPONSE_FORMATS)
      .optional()
      .describe(
        "json (default), text, srt, vtt, verbose_json" +
          (task === "translate" ? "" : " or diarized_json (speakers' turns)"),
      ),
    "timestamp_granularities[]": z
      .array(z.enum(["segment", "word"]))
      .optional()
      .describe("With verbose_json: `word` adds word times; `segment` alone (the default) gives segments only"),
    ...(task === "transcribe"
      ? {
          language: z.string().optional().describe("The spoken language's code (en, de, …); detected when absent"),
          diarize: z
            .enum(["true", "false"])
            .optional()
            .describe("Verbatim's: tell speakers apart (speaker on segments)"),
          num_speakers: z.string().optional().describe("Verbatim's: how many people speak, when known (with speakers)"),
        }
      : {}),
    prompt: z.string().optional().describe("Accepted and ignored"),
    temperature: z.string().optional().describe("0–1; accepted and ignored"),
  });

const segment = z.object({ id: z.number(), start: z.number(), end: z.number(), text: z.string() }).loose();
const word = z.object({ word: z.string(), start: z.number(), end: z.number() }).loose();
const answer = z.union([
  z.object({ text: z.string() }),
  z.object({
    task: z.enum(["transcribe", "translate"]),
    language: z.string(),
    duration: z.number(),
    text: z.string(),
    segments: z.array(segment).optional(),
    words: z.array(word).optional(),
  }),
  z.object({
    task: z.literal("transcribe"),
    duration: z.number(),
    text: z.string(),
    segments: z.array(
      z.object({
        type: z.literal("transcript.text.segment"),
        id: z.string(),
        start: z.number(),
        end: z.number(),
        text: z.string(),
        speaker: z.string().nullable(),
      }),
    ),
  }),
]);
const pending = z.object({
  id: z.string(),
  object: z.literal("transcription.job"),
  status: z.string(),
  url: z.string().describe("GET it (transcriptions:read) until its status is COMPLETED"),
});
const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .meta({ id: "OpenAIError" });

const text = { schema: { type: "string" as const } };
const error = (description: string) => ({
  description,
  content: { "application/json": { schema: resolver(openAiErrorSchema, asOutput) } },
});
const ERRORS = {
  400: error("A form field is missing or wrong: `param` names it"),
  401: error("No API key, or an unknown, revoked or expired one"),
  402: error("The plan's limit (recordings a month, minutes per recording): `code` names it"),
  403: error("The API key lacks the transcriptions:write scope"),
  413: error("The file is larger than 500 MB"),
  415: error("The file is not an accepted audio or video recording"),
  422: error("The recording could not be transcribed (it joined the library as FAILED)"),
  429: {
    ...error("Too many requests with this API key; Retry-After says when to try again"),
    headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait" } },
  },
};

export function audioDoc(task: "transcribe" | "translate", path: string) {
  const translation = task === "translate";
  return describeRoute({
    tags: ["openai"],
    summary: translation
      ? "OpenAI's translations: the recording's speech in English, through Verbatim's pipeline"
      : "OpenAI's transcriptions: the recording transcribed through Verbatim's pipeline",
    description:
      "OpenAI's audio API with a Verbatim API key: the recording joins the caller's library and is transcribed as an " +
      "upload is (plan limits, queue, speech engine, speakers); the answer waits for the transcript up to " +
      "OPENAI_AUDIO_WAIT_SECONDS (100 s), else it is 202 with the job to poll. Errors are OpenAI's `{error}`.",
    security: [{ [API_KEY]: [requiredScope("POST", path) ?? "transcriptions:write"] }],
    requestBody: formBody(form(task), "OpenAI's multipart form; the file may come before or after the other fields"),
    responses: {
      200: {
        description: "The transcript in the format asked for",
        headers: { "Verbatim-Transcription-Id": { schema: { type: "string" }, description: "Its library entry" } },
        content: {
          "application/json": { schema: resolver(answer, asOutput) },
          "text/plain": text,
          "application/x-subrip": text,
          "text/vtt": text,
        },
      },
      202: {
        description: "Still transcribing when the wait ran out: poll `url` (also in Location)",
        headers: { Location: { schema: { type: "string" }, description: "The job's URL" } },
        content: { "application/json": { schema: resolver(pending, asOutput) } },
      },
      ...ERRORS,
    },
  });
}
