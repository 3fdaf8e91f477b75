import { env } from "cloudflare:test";
import { createdApiKeySchema, traceSchema, transcriptionSchema } from "@verbatim/shared";
import OpenAI, { APIError, toFile } from "openai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { api, apiWithEnv, makePro, ORIGIN, readJson, signUp } from "../../test/http";
import { getTranscription, silentWav, testFile, waitUntilDone } from "../../test/transcriptions";
import { userPrefix } from "../store/keys";

// OpenAI's own client (the `openai` package) pointed at the Worker's /v1 with a Verbatim API key: each request
// runs the real pipeline (R2, the queue, the local engine with tiny.en) and joins the key owner's library. What is
// asserted is each format's shape, never the words recognised.

const JFK_SECONDS = 11.0;

async function newKey(cookie: string, scopes = ["transcriptions:read", "transcriptions:write"]) {
  const res = await api("/api/api-keys", { method: "POST", json: { name: "openai", scopes }, cookie });
  expect(res.status).toBe(201);
  return readJson(res, createdApiKeySchema);
}

/** An OpenAI client whose requests go through the Worker's fetch handler (with some vars changed, if given). */
function client(key: string, vars?: Parameters<typeof apiWithEnv>[0]) {
  return new OpenAI({
    apiKey: key,
    baseURL: `${ORIGIN}/v1`,
    maxRetries: 0,
    timeout: 170_000,
    fetch: (url, init) => (vars ? apiWithEnv(vars, String(url), init) : api(String(url), init)),
  });
}

const jfk = async () => toFile(await testFile("jfk.mp3"), "jfk.mp3", { type: "audio/mpeg" });

/** A signed-up PRO user (no monthly limit: every request here is a transcription) with a key of both scopes. */
async function proUser() {
  const { user, cookie } = await signUp();
  await makePro(user.id);
  return { user, cookie, key: (await newKey(cookie)).key };
}

/** The `{error}` of an answer a client refused, as OpenAI's client read it. */
async function refusal(request: Promise<unknown>) {
  const err = await request.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(APIError);
  const { status, error } = err as APIError;
  return { status, error: errorShape.parse(error) };
}

const errorShape = z.object({
  message: z.string().min(1),
  type: z.string(),
  param: z.string().nullable(),
  code: z.string().nullable(),
});

const CUE = /^(\d{2}):(\d{2}):(\d{2})[,.](\d{3}) --> (\d{2}):(\d{2}):(\d{2})[,.](\d{3})$/gm;

/** Every cue's timing line: in order, within the recording. */
function cueTimes(body: string) {
  const seconds = (h = "", m = "", s = "", ms = "") =>
    Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
  const times = [...body.matchAll(CUE)].map((c) => [seconds(...c.slice(1, 5)), seconds(...c.slice(5, 9))] as const);
  expect(times.length).toBeGreaterThan(0);
  let previous = 0;
  for (const [start, end] of times) {
    expect(start).toBeGreaterThanOrEqual(previous);
    expect(end).toBeGreaterThanOrEqual(start);
    expect(end).toBeLessThanOrEqual(JFK_SECONDS + 0.5);
    previous = start;
  }
}

function inOrderWithin<T extends { start: number; end: number }>(items: T[], duration: number) {
  expect(items.length).toBeGreaterThan(0);
  let previous = 0;
  for (const item of items) {
    expect(item.start).toBeGreaterThanOrEqual(previous);
    expect(item.end).toBeGreaterThanOrEqual(item.start);
    expect(item.end).toBeLessThanOrEqual(duration + 0.01);
    previous = item.start;
  }
}

const verboseShape = z.object({
  task: z.literal("transcribe"),
  language: z.literal("english"),
  duration: z.number(),
  text: z.string().min(1),
  segments: z.array(z.object({ id: z.number(), start: z.number(), end: z.number(), text: z.string().min(1) })),
  words: z.array(z.object({ word: z.string().min(1), start: z.number(), end: z.number() })),
});

const diarizedShape = z.object({
  duration: z.number(),
  text: z.string().min(1),
  segments: z
    .array(
      z.object({
        type: z.literal("transcript.text.segment"),
        id: z.string(),
        start: z.number(),
        end: z.number(),
        text: z.string().min(1),
        speaker: z.string().min(1),
      }),
    )
    .min(1),
});

describe("the OpenAI audio API", () => {
  it("transcribes through the pipeline in every format, each recording joining the library", async () => {
    const { cookie, key } = await proUser();
    const openai = client(key);
    const ids: string[] = [];
    const create = async (params: Omit<OpenAI.Audio.TranscriptionCreateParamsNonStreaming, "file" | "model">) => {
      const { data, response } = await openai.audio.transcriptions
        .create({ file: await jfk(), model: "whisper-1", ...params })
        .withResponse();
      expect(response.status).toBe(200);
      ids.push(response.headers.get("Verbatim-Transcription-Id") ?? "");
      return data as unknown;
    };

    const json = z
      .object({ text: z.string().min(1) })
      .strict()
      .parse(await create({}));
    expect(json.text).toBe(json.text.trim());

    const text = z.string().parse(await create({ response_format: "text" }));
    expect(text.trim().length).toBeGreaterThan(0);

    const verbose = verboseShape.parse(
      await create({ response_format: "verbose_json", timestamp_granularities: ["word", "segment"] }),
    );
    expect(Math.abs(verbose.duration - JFK_SECONDS)).toBeLessThanOrEqual(0.5);
    inOrderWithin(verbose.segments, verbose.duration);
    inOrderWithin(verbose.words, verbose.duration);

    const srt = z.string().parse(await create({ response_format: "srt" }));
    expect(srt).toMatch(/^1\n/);
    cueTimes(srt);
    const vtt = z.string().parse(await create({ response_format: "vtt" }));
    expect(vtt).toMatch(/^WEBVTT\n/);
    cueTimes(vtt);

    const diarized = diarizedShape.parse(await create({ response_format: "diarized_json" }));
    inOrderWithin(diarized.segments, diarized.duration);

    // Every one is a recording of the user's library, as an upload would be.
    const listed = z.array(transcriptionSchema).parse(await (await api("/api/transcriptions", { cookie })).json());
    expect(listed.map((t) => t.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const { t } = await waitUntilDone(cookie, id);
      expect(t).toMatchObject({ status: "COMPLETED", file_name: "jfk.mp3", task: "transcribe", language: "en" });
    }
    expect((await getTranscription(cookie, ids.at(-1) as string)).diarize).toBe(true);
  });

  it("translates with Whisper's translate task, and the library says it is a translation", async () => {
    const { cookie, key } = await proUser();
    const { data, response } = await client(key)
      .audio.translations.create({ file: await jfk(), model: "whisper-1", response_format: "verbose_json" })
      .withResponse();
    expect(response.status).toBe(200);
    const body = z
      .object({ task: z.literal("translate"), language: z.literal("english"), text: z.string().min(1) })
      .parse(data);
    expect(body.text.trim().length).toBeGreaterThan(0);
    const id = response.headers.get("Verbatim-Transcription-Id") ?? "";
    const { t } = await waitUntilDone(cookie, id);
    expect(t).toMatchObject({ status: "COMPLETED", task: "translate", language: "en" });
    const trace = await readJson(await api(`/api/transcriptions/${id}/trace`, { cookie }), traceSchema);
    expect(trace.logs.join("\n")).toContain("Translating the recording into English");
  });

  it("answers 202 with the job when the transcript takes longer than the wait", async () => {
    const { cookie, key } = await proUser();
    const { data, response } = await client(key, { OPENAI_AUDIO_WAIT_SECONDS: "0" })
      .audio.transcriptions.create({ file: await jfk(), model: "whisper-1" })
      .withResponse();
    expect(response.status).toBe(202);
    const job = z
      .object({ id: z.string(), object: z.literal("transcription.job"), status: z.string(), url: z.string() })
      .strict()
      .parse(data);
    expect(job.url).toBe(`/api/transcriptions/${job.id}`);
    expect(response.headers.get("Location")).toBe(job.url);
    // The job is polled with the same key, and finishes in the library.
    const polled = await api(job.url, { headers: { Authorization: `Bearer ${key}` } });
    expect(polled.status).toBe(200);
    expect((await waitUntilDone(cookie, job.id)).t.status).toBe("COMPLETED");
  });

  it("takes only a valid API key with the transcriptions:write scope, refusing in OpenAI's error shape", async () => {
    const { cookie, key } = await proUser();
    const file = await jfk();

    const unknown = await refusal(client("vbt_nope").audio.transcriptions.create({ file, model: "whisper-1" }));
    expect(unknown).toMatchObject({ status: 401, error: { type: "invalid_request_error", code: "invalid_api_key" } });

    const reader = await newKey(cookie, ["transcriptions:read"]);
    const scoped = await refusal(client(reader.key).audio.transcriptions.create({ file, model: "whisper-1" }));
    expect(scoped.status).toBe(403);
    expect(scoped.error.message).toContain("transcriptions:write");

    const revoked = await newKey(cookie);
    expect((await api(`/api/api-keys/${revoked.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const gone = await refusal(client(revoked.key).audio.translations.create({ file, model: "whisper-1" }));
    expect(gone.status).toBe(401);

    // No key at all, and the session cookie is no key.
    const form = new FormData();
    form.append("model", "whisper-1");
    form.append("file", new File([await testFile("jfk.mp3")], "jfk.mp3", { type: "audio/mpeg" }));
    const withCookie = await api("/v1/audio/transcriptions", { method: "POST", body: form, cookie });
    expect(withCookie.status).toBe(401);
    expect(errorShape.parse(((await withCookie.json()) as { error: unknown }).error).code).toBe("invalid_api_key");

    const listed = await api("/api/transcriptions", { headers: { Authorization: `Bearer ${key}` } });
    expect(await listed.json()).toEqual([]);
  });

  it("refuses a request without a file or with a wrong field, naming the field, and keeps nothing", async () => {
    const { user, key } = await proUser();
    const post = (form: FormData) =>
      api("/v1/audio/transcriptions", { method: "POST", body: form, headers: { Authorization: `Bearer ${key}` } });
    const error = async (res: Response) => {
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      return errorShape.parse(((await res.json()) as { error: unknown }).error);
    };
    const noFile = new FormData();
    noFile.append("model", "whisper-1");
    const missing = await post(noFile);
    expect(missing.status).toBe(400);
    expect(await error(missing)).toMatchObject({ type: "invalid_request_error", param: "file" });

    // OpenAI's clients send the file first: fields after it are read, and checked, once it is stored.
    const mp3 = await testFile("jfk.mp3");
    for (const [fields, param] of [
      [{ response_format: "yaml", model: "whisper-1" }, "response_format"],
      [{ "timestamp_granularities[]": "sentence", model: "whisper-1" }, "timestamp_granularities"],
      [{ language: "klingon", model: "whisper-1" }, "language"],
      [{ temperature: "2", model: "whisper-1" }, "temperature"],
      [{ stream: "true", model: "whisper-1" }, "stream"],
      [{}, "model"],
    ] as const) {
      const form = new FormData();
      form.append("file", new File([mp3], "jfk.mp3", { type: "audio/mpeg" }));
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const res = await post(form);
      expect(res.status, param).toBe(400);
      expect((await error(res)).param).toBe(param);
    }
    const text = new FormData();
    text.append("model", "whisper-1");
    text.append("file", new File(["just some words"], "notes.mp3", { type: "audio/mpeg" }));
    const notMedia = await post(text);
    expect(notMedia.status).toBe(415);
    expect((await error(notMedia)).param).toBe("file");

    expect((await env.MEDIA.list({ prefix: userPrefix(user.id) })).objects).toEqual([]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM transcriptions WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("answers 422 for a recording the engine cannot decode, which stays in the library as FAILED", async () => {
    const { cookie, key } = await proUser();
    // Media by its first bytes (an ID3 tag), nothing an audio decoder can read after them.
    const broken = await toFile(new TextEncoder().encode(`ID3${"\u0000".repeat(64)}not audio at all`), "broken.mp3", {
      type: "audio/mpeg",
    });
    const failed = await refusal(client(key).audio.transcriptions.create({ file: broken, model: "whisper-1" }));
    expect(failed).toMatchObject({
      status: 422,
      error: { type: "invalid_request_error", code: "transcription_failed" },
    });
    const listed = z.array(transcriptionSchema).parse(await (await api("/api/transcriptions", { cookie })).json());
    expect(listed.map((t) => t.status)).toEqual(["FAILED"]);
  });

  it("refuses a recording longer than the Free plan's with 402 before recognising it", async () => {
    const { user, cookie } = await signUp();
    const { key } = await newKey(cookie);
    const long = await toFile(silentWav(330), "long.wav", { type: "audio/wav" });
    const refused = await refusal(client(key).audio.transcriptions.create({ file: long, model: "whisper-1" }));
    expect(refused).toMatchObject({
      status: 402,
      error: { type: "insufficient_quota", code: "minutes_per_transcription" },
    });
    expect(refused.error.message).toContain("5 minutes");
    expect((await env.MEDIA.list({ prefix: userPrefix(user.id) })).objects).toEqual([]);
  });

  it("is in the OpenAPI document with the API key as its only scheme", async () => {
    const document = (await (await api("/api/openapi.json")).json()) as {
      paths: Record<string, { post?: { security?: unknown; requestBody?: { content?: object }; responses?: object } }>;
    };
    for (const path of ["/v1/audio/transcriptions", "/v1/audio/translations"]) {
      const post = document.paths[path]?.post;
      expect(post?.security, path).toEqual([{ apiKey: ["transcriptions:write"] }]);
      expect(Object.keys(post?.requestBody?.content ?? {}), path).toEqual(["multipart/form-data"]);
      expect(Object.keys(post?.responses ?? {}), path).toEqual(
        expect.arrayContaining(["200", "202", "400", "401", "402", "403", "429"]),
      );
    }
  });
});
