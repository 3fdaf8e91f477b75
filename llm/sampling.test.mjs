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

test("llama.cpp's DRY fields reach its DRY sampler; -1 is the whole context, a multiplier of 0 leaves it off", () => {
  assert.deepEqual(
    samplingOptions({ dry_multiplier: 0.8, dry_base: 1.75, dry_allowed_length: 3, dry_penalty_last_n: 256 }, 10)
      .dryRepeatPenalty,
    { strength: 0.8, base: 1.75, allowedLength: 3, lastTokens: 256 },
  );
  assert.equal(samplingOptions({ dry_multiplier: 0.8, dry_penalty_last_n: -1 }, 10).dryRepeatPenalty.lastTokens, null);
  assert.equal(samplingOptions({ dry_multiplier: 0, dry_base: 2 }, 10).dryRepeatPenalty, undefined);
  assert.throws(() => samplingOptions({ dry_multiplier: 0.8, dry_allowed_length: 2.5 }, 10), {
    message: "dry_allowed_length: an integer from 1 to 100",
  });
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
