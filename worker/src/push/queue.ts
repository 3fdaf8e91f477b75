import type { Bindings } from "../env";

/**
 * Puts "tell the user's browsers this run ended" on the job queue (jobs/consumer.ts runs it: deliver.ts), so a job
 * never waits for a push service and a push service that is down is tried again.
 */
export async function queuePush(env: Pick<Bindings, "JOBS">, userId: string, transcriptionId: string) {
  await env.JOBS.send({ type: "push", userId, transcriptionId });
}
