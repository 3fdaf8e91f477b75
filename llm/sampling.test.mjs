import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_TEMPERATURE, SamplingError, samplingOptions } from "./sampling.mjs";

test("a request with no sampling fields gets the service's temperature and the cap on answer tokens", () => {
  assert.deepEqual(samplingOptions({}, 1024), { maxTokens: 1024, temperature: DEFAULT_TEMPERATURE });
});

test("OpenAI's sampling fields reach llama.cpp, and max_tokens never exceeds the service's cap", () => {
  const options = samplingOptions(
    {
      max_tokens: 300,
      temperature: 0,
      top_p: 0.9,
      seed: 42,
      frequency_penalty: 0.3,
      presence_penalty: -0.5,
      stop: ["\n\n", "END"],
    },
    1024,
  );
  assert.deepEqual(options, {
    maxTokens: 300,
    temperature: 0,
    topP: 0.9,
    seed: 42,
    repeatPenalty: { frequencyPenalty: 0.3, presencePenalty: -0.5 },
    customStopTriggers: ["\n\n", "END"],
  });
  assert.equal(samplingOptions({ max_completion_tokens: 5000 }, 1024).maxTokens, 1024);
  assert.deepEqual(samplingOptions({ stop: "###" }, 10).customStopTriggers, ["###"]);
  // llama.cpp's seed is unsigned 32-bit: a negative one is kept distinct, not refused.
  assert.equal(samplingOptions({ seed: -1 }, 10).seed, 4294967295);
  // Zero penalties are OpenAI's defaults: llama.cpp's own repeat penalty is left as it is.
  assert.equal(samplingOptions({ frequency_penalty: 0, presence_penalty: 0 }, 10).repeatPenalty, undefined);
});

test("a sampling field out of OpenAI's range is refused with its name and range, never ignored", () => {
  const refused = (body, message) => assert.throws(() => samplingOptions(body, 1024), { name: "Error", message });
  assert.throws(() => samplingOptions({ temperature: 3 }, 1024), SamplingError);
  refused({ temperature: 3 }, "temperature: a number from 0 to 2");
  refused({ top_p: "high" }, "top_p: a number from 0 to 1");
  refused({ frequency_penalty: 2.5 }, "frequency_penalty: a number from -2 to 2");
  refused({ presence_penalty: Number.NaN }, "presence_penalty: a number from -2 to 2");
  refused({ seed: 1.5 }, "seed: an integer");
  refused({ max_tokens: 0 }, /^max_tokens: a number from 1 to/);
  refused({ stop: ["a", "b", "c", "d", "e"] }, "stop: a string, or up to 4 non-empty strings");
  refused({ stop: [""] }, "stop: a string, or up to 4 non-empty strings");
});
