import type { Bindings } from "../env";

/** Retry policy for speech jobs; tests shorten the delays through the environment. */
export function jobSettings(env: Bindings) {
  const maxAttempts = Number(env.JOB_MAX_ATTEMPTS) || 5;
  const baseDelay = Number(env.JOB_RETRY_BASE_SECONDS) || 10;
  return {
    maxAttempts,
    /** Exponential backoff: base, 2×base, 4×base… capped at 15 minutes. */
    retryDelaySeconds: (attempt: number) => Math.min(900, baseDelay * 2 ** Math.max(0, attempt - 1)),
    /** How long a running job may go without a heartbeat before the sweep gives it to another worker. */
    leaseMs: 5 * 60 * 1000,
  };
}
