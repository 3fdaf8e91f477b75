// The model in memory, behind one function: chat messages in, the reply's text out. llama.cpp evaluates one
// sequence at a time here, so requests wait their turn in a queue instead of sharing the context.
import { availableParallelism } from "node:os";
import { getLlama, LlamaChat } from "node-llama-cpp";
import { otherLoadSampler, threadsFor } from "./cpu-share.mjs";

// How often the service looks at the rest of the machine's load to choose its threads (cpu-share.mjs): each token
// then uses what the last second left free.
const FOLLOW_LOAD_MS = 1000;

/**
 * Loads the GGUF at `modelPath` on the CPU with prebuilt binaries only (nothing is compiled on this machine).
 * `contextSize`: tokens of prompt plus answer per request; `threads`: the cores to use, fixed, or, by default, as
 * many as the rest of the machine leaves free (cpu-share.mjs), checked every second.
 */
export async function loadModel({ modelPath, contextSize, threads }) {
  const cores = availableParallelism();
  // Every core but one: where the load cannot be read (no /proc), and until its first second has been.
  const allButOne = Math.max(1, cores - 1);
  const sample = threads ? null : otherLoadSampler(cores);
  const fixed = threads ?? (sample?.() == null ? allButOne : null);
  const llama = await getLlama({ gpu: false, build: "never", logLevel: "error", maxThreads: fixed ?? cores });
  const model = await llama.loadModel({ modelPath });
  // With a range, llama.cpp is told before every batch of tokens how many threads to use: llama.maxThreads, which
  // the interval below sets.
  const context = await model.createContext({ contextSize, threads: fixed ?? { ideal: cores, min: 1 }, sequences: 1 });
  // (The context's range is capped by llama.maxThreads when it is made: lowered only now.)
  if (!fixed) llama.maxThreads = allButOne;
  const follow = fixed
    ? null
    : setInterval(() => {
        const others = sample?.();
        if (others != null) llama.maxThreads = threadsFor(others, cores);
      }, FOLLOW_LOAD_MS);
  follow?.unref();
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  let queue = Promise.resolve();

  /**
   * One completion of OpenAI-style `messages` (system, user, assistant), sampled as `sampling` says
   * (sampling.mjs: maxTokens, temperature, topP, seed, repeatPenalty, customStopTriggers). `json` (OpenAI's json_object mode): the
   * answer is started with "{" for the model to continue. llama.cpp's JSON grammar would guarantee the syntax but
   * makes every token about five times slower on a CPU; the caller validates the reply and asks again if needed.
   * Counts are the tokens of prompt and reply, for the usage field. `onText` gets the reply's text as it is written
   * (streamed answers).
   */
  async function complete(messages, { sampling, json: asJson = false, signal, onText }) {
    const run = queue.then(async () => {
      signal?.throwIfAborted();
      // The context keeps the previous request's tokens: llama.cpp evaluates again only from the first token that
      // differs, so the brief every analysis request starts with is read once. The rest is replaced, not reused.
      const meter = sequence.tokenMeter;
      const [inputBefore, outputBefore] = [meter.usedInputTokens, meter.usedOutputTokens];
      const history = [
        ...messages.map((m) =>
          m.role === "assistant"
            ? { type: "model", response: [m.content] }
            : { type: m.role === "system" ? "system" : "user", text: m.content },
        ),
        { type: "model", response: asJson ? ["{"] : [] },
      ];
      const reply = await chat.generateResponse(history, {
        ...sampling,
        signal,
        stopOnAbortSignal: false,
        onTextChunk: onText,
      });
      return {
        text: asJson ? `{${reply.response}` : reply.response,
        finishReason: reply.metadata.stopReason === "maxTokens" ? "length" : "stop",
        promptTokens: meter.usedInputTokens - inputBefore,
        completionTokens: meter.usedOutputTokens - outputBefore,
      };
    });
    // A failed request must not stop the ones behind it.
    queue = run.catch(() => {});
    return run;
  }

  const dispose = () => {
    if (follow) clearInterval(follow);
    return llama.dispose();
  };
  // What the service reports: a fixed count, or the range it moves in with the load.
  const threadsText = fixed ? String(fixed) : `1-${cores} (following the load)`;
  return { complete, dispose, contextSize: context.contextSize, threads: threadsText };
}
