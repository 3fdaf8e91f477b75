// What a chat completions request asks of the sampler, read as OpenAI's API defines it and handed to llama.cpp
// (node-llama-cpp's generateResponse options), plus the DRY fields llama.cpp's own server takes beside them. A field
// the service cannot honour is refused with OpenAI's 400, never ignored: a client that sets a seed or a penalty
// must get what it set.

/** OpenAI's default temperature is 1; this service's is lower, as summaries and answers want the likeliest words. */
export const DEFAULT_TEMPERATURE = 0.2;

/** A request's sampling fields that are wrong, as OpenAI words it; the message of a 400. */
export class SamplingError extends Error {}

function numberIn(body, field, min, max) {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max)
    throw new SamplingError(`${field}: a number from ${min} to ${max}`);
  return value;
}

function stopTexts(stop) {
  if (stop === undefined || stop === null) return undefined;
  const texts = typeof stop === "string" ? [stop] : stop;
  if (!Array.isArray(texts) || texts.length > 4 || texts.some((t) => typeof t !== "string" || t === ""))
    throw new SamplingError("stop: a string, or up to 4 non-empty strings");
  return texts;
}

function integerIn(body, field, min, max) {
  const value = numberIn(body, field, min, max);
  if (value !== undefined && !Number.isInteger(value))
    throw new SamplingError(`${field}: an integer from ${min} to ${max}`);
  return value;
}

/**
 * llama.cpp's DRY ("don't repeat yourself") sampler, in its server's terms: `dry_multiplier` (0, off, by default),
 * `dry_base`, `dry_allowed_length` and `dry_penalty_last_n` (-1: the whole context). It lowers a token that would
 * extend a sequence already written longer than the allowed length, so a small model cannot loop word for word,
 * while the repeats of a JSON answer's quotes, colons and new lines (its sequence breakers) stay free.
 */
function dryOptions(body) {
  const strength = numberIn(body, "dry_multiplier", 0, 5);
  if (!strength) return {};
  const lastTokens = integerIn(body, "dry_penalty_last_n", -1, 1_000_000);
  return {
    dryRepeatPenalty: {
      strength,
      base: numberIn(body, "dry_base", 1, 4),
      allowedLength: integerIn(body, "dry_allowed_length", 1, 100),
      lastTokens: lastTokens === -1 ? null : lastTokens,
    },
  };
}

/**
 * The sampling options for node-llama-cpp from a request `body`, capped at `maxTokensCap` answer tokens.
 * - temperature, top_p and seed as they are (a seed repeats an answer where the arithmetic repeats: same machine,
 *   same threads);
 * - frequency_penalty and presence_penalty as llama.cpp's penalties of the same names, which lower a token's
 *   logit as OpenAI's do (by the penalty times its count, and by the penalty once it has appeared), over the
 *   answer's last 64 tokens; llama.cpp's own repeat penalty stays on beside them;
 * - stop: texts that end the answer (not included in it);
 * - dry_*: llama.cpp's DRY sampler (dryOptions).
 */
export function samplingOptions(body, maxTokensCap) {
  const maxTokens =
    numberIn(body, "max_tokens", 1, Number.MAX_SAFE_INTEGER) ??
    numberIn(body, "max_completion_tokens", 1, Number.MAX_SAFE_INTEGER) ??
    maxTokensCap;
  const seed = numberIn(body, "seed", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (seed !== undefined && !Number.isInteger(seed)) throw new SamplingError("seed: an integer");
  const frequencyPenalty = numberIn(body, "frequency_penalty", -2, 2);
  const presencePenalty = numberIn(body, "presence_penalty", -2, 2);
  const stop = stopTexts(body.stop);
  return {
    maxTokens: Math.min(Math.floor(maxTokens), maxTokensCap),
    temperature: numberIn(body, "temperature", 0, 2) ?? DEFAULT_TEMPERATURE,
    ...(numberIn(body, "top_p", 0, 1) !== undefined ? { topP: body.top_p } : {}),
    // llama.cpp takes an unsigned 32-bit seed.
    ...(seed !== undefined ? { seed: seed >>> 0 } : {}),
    ...(frequencyPenalty || presencePenalty
      ? { repeatPenalty: { frequencyPenalty: frequencyPenalty ?? 0, presencePenalty: presencePenalty ?? 0 } }
      : {}),
    ...(stop ? { customStopTriggers: stop } : {}),
    ...dryOptions(body),
  };
}
