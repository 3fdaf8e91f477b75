// The local language model as a loopback service speaking the part of OpenAI's API the Worker's `openai` analysis
// provider uses: POST /v1/chat/completions (with response_format json_object, or `stream` for the answers of
// "Ask this meeting"; temperature, top_p, seed, frequency_penalty, presence_penalty, stop and max_tokens as OpenAI
// defines them: sampling.mjs), GET /v1/models, and GET /health.
//   node llm/server.mjs      LLM_PORT (8789; 0 picks a free port), LLM_HOST (127.0.0.1), LLM_CONTEXT (8192),
//                            LLM_THREADS (a fixed count; by default as many as the load leaves free), LLM_MAX_TOKENS
//                            (1024, the cap on one answer)
// It prints "llm: listening on http://host:port" once the model is loaded and it answers.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { loadModel } from "./model.mjs";
import { SamplingError, samplingOptions } from "./sampling.mjs";
import { MODEL, modelPath, weightsReady } from "./weights.mjs";

const env = process.env;
const host = env.LLM_HOST || "127.0.0.1";
const port = Number(env.LLM_PORT ?? 8789);
// 8k tokens holds one transcript section (the Worker sends about 3k) with its instructions and answer; a larger
// context costs memory (its KV cache) for nothing.
const contextSize = Number(env.LLM_CONTEXT || 8192);
const maxTokensCap = Number(env.LLM_MAX_TOKENS || 1024);
// A request body larger than any context this model can take is refused, not buffered.
const MAX_BODY_BYTES = 1 << 20;

if (!(await weightsReady())) {
  console.error(`llm: ${modelPath()} is missing or unchecked: run node llm/install.mjs`);
  process.exit(1);
}
const loadStarted = Date.now();
const model = await loadModel({
  modelPath: modelPath(),
  contextSize,
  threads: env.LLM_THREADS ? Number(env.LLM_THREADS) : undefined,
});
const loadSeconds = (Date.now() - loadStarted) / 1000;

const send = (res, status, body) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const fail = (res, status, message, type = "invalid_request_error") => send(res, status, { error: { message, type } });

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error("request body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new Error("the body is not JSON"));
      }
    });
    req.on("error", reject);
  });
}

const validMessages = (messages) =>
  Array.isArray(messages) &&
  messages.length > 0 &&
  messages.every((m) => ["system", "user", "assistant"].includes(m?.role) && typeof m.content === "string");

async function chatCompletions(req, res) {
  let body;
  try {
    body = await readJson(req);
  } catch (err) {
    return fail(res, 400, err.message);
  }
  if (!validMessages(body?.messages)) return fail(res, 400, "messages: system, user and assistant text messages");
  let sampling;
  try {
    sampling = samplingOptions(body, maxTokensCap);
  } catch (err) {
    if (err instanceof SamplingError) return fail(res, 400, err.message);
    throw err;
  }
  // A client that gives up (the Worker's timeout) frees the queue: its generation is aborted.
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const started = Date.now();
  const stream = body.stream ? streamTo(res) : null;
  try {
    const answer = await model.complete(body.messages, {
      sampling,
      json: body.response_format?.type === "json_object" || body.response_format?.type === "json_schema",
      signal: abort.signal,
      onText: stream?.text,
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`llm: ${answer.promptTokens} tokens in, ${answer.completionTokens} out in ${seconds.toFixed(1)} s`);
    if (stream) return stream.end(answer.finishReason);
    send(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: MODEL.name,
      choices: [{ index: 0, message: { role: "assistant", content: answer.text }, finish_reason: answer.finishReason }],
      usage: {
        prompt_tokens: answer.promptTokens,
        completion_tokens: answer.completionTokens,
        total_tokens: answer.promptTokens + answer.completionTokens,
      },
    });
  } catch (err) {
    if (abort.signal.aborted) return;
    // Once a stream has begun its status is sent: the client sees it end without [DONE].
    if (res.headersSent) res.destroy(err);
    else fail(res, 500, `generation failed: ${err.message}`, "server_error");
  }
}

/**
 * A streamed answer as OpenAI sends one: server-sent `chat.completion.chunk` events, then `[DONE]`. The headers go
 * with the first text, so a client's timeout also covers the wait in the queue before generation starts.
 */
function streamTo(res) {
  const id = `chatcmpl-${randomUUID()}`;
  const chunk = (delta, finishReason) => {
    if (!res.headersSent) res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
    const choices = [{ index: 0, delta, finish_reason: finishReason }];
    const created = Math.floor(Date.now() / 1000);
    res.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: MODEL.name, choices })}\n\n`,
    );
  };
  return {
    text: (text) => chunk({ content: text }, null),
    end(finishReason) {
      chunk({}, finishReason);
      res.end("data: [DONE]\n\n");
    },
  };
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (req.method === "GET" && path === "/health")
    return send(res, 200, { status: "ok", model: MODEL.name, context: model.contextSize, threads: model.threads });
  if (req.method === "GET" && path === "/v1/models")
    return send(res, 200, { object: "list", data: [{ id: MODEL.name, object: "model", owned_by: "local" }] });
  if (req.method === "POST" && path === "/v1/chat/completions") return void chatCompletions(req, res);
  fail(res, 404, `no route ${req.method} ${path}`);
});

server.listen(port, host, () => {
  const { port: bound } = server.address();
  console.log(
    `llm: ${MODEL.name} loaded in ${loadSeconds.toFixed(1)} s (${model.threads} threads, ${contextSize}-token context)`,
  );
  console.log(`llm: listening on http://${host}:${bound}`);
});

const stop = () => server.close(() => model.dispose().finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
