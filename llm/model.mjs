// The model in memory, behind one function: chat messages in, the reply's text out. llama.cpp evaluates one
// sequence at a time here, so requests wait their turn in a queue instead of sharing the context.
import { availableParallelism } from "node:os";
import { getLlama, LlamaChat } from "node-llama-cpp";

// llama.cpp's threads wait for each other, spinning, several times per token: when another process takes one of their
// cores (the speech engine transcribing, the Worker, a test run), all of them stall. On 2 busy cores, 2 threads wrote
// 80 tokens in 31-168 s and 1 thread in 14-21 s; so one core is left to the rest of the machine.
const defaultThreads = () => Math.max(1, availableParallelism() - 1);

/**
 * Loads the GGUF at `modelPath` on the CPU with prebuilt binaries only (nothing is compiled on this machine).
 * `contextSize`: tokens of prompt plus answer per request; `threads`: the cores to use.
 */
export async function loadModel({ modelPath, contextSize, threads = defaultThreads() }) {
  const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize, threads, sequences: 1 });
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  let queue = Promise.resolve();

  /**
   * One completion of OpenAI-style `messages` (system, user, assistant). `json` (OpenAI's json_object mode): the
   * answer is started with "{" for the model to continue. llama.cpp's JSON grammar would guarantee the syntax but
   * makes every token about five times slower on a CPU; the caller validates the reply and asks again if needed.
   * Counts are the tokens of prompt and reply, for the usage field. `onText` gets the reply's text as it is written
   * (streamed answers).
   */
  async function complete(messages, { maxTokens, temperature, json: asJson = false, signal, onText }) {
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
        maxTokens,
        temperature,
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

  const dispose = () => llama.dispose();
  return { complete, dispose, contextSize: context.contextSize, threads };
}
