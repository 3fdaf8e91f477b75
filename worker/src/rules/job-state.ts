import { ACTIVE_STATUSES, type TranscriptionStatus } from "@verbatim/shared";

// The job state machine: a transcription's and its chunks' statuses, which events move them where, when the
// transcript can be joined, and the retry and lease policy. Pure; state-repository.ts applies it to D1.
//
//   PENDING ──start──▶ PROCESSING ──complete──▶ COMPLETED / COMPLETED_WITH_ERRORS
//      │                  │    └────fail────▶ FAILED
//      └──────fail────────┘
//   COMPLETED, COMPLETED_WITH_ERRORS, FAILED ──reprocess──▶ REPROCESSING (speech again, then as PROCESSING)
//                                           ──reanalyze──▶ PROCESSING (analysis only)
//
// A chunk: PENDING ──lease──▶ PROCESSING ──done──▶ DONE; ──retry──▶ PENDING; ──fail──▶ FAILED; a re-sent
// chunk, a reprocess or the sweep puts any chunk back to PENDING (reset).

/** Finished one way or another: only a new run (reprocess, reanalyze) moves it again. */
const FINISHED: readonly TranscriptionStatus[] = ["COMPLETED", "COMPLETED_WITH_ERRORS", "FAILED"];

export const TRANSCRIPTION_EVENTS = {
  /** The first chunk is being transcribed. */
  start: { from: ["PENDING"], to: "PROCESSING" },
  /** Transcript and analysis stored. */
  complete: { from: ACTIVE_STATUSES, to: "COMPLETED" },
  /** Transcript stored, analysis failed: the transcript is kept, the analysis can be run again. */
  completeWithErrors: { from: ACTIVE_STATUSES, to: "COMPLETED_WITH_ERRORS" },
  /** Given up, with a reason; a repeated failure (two chunks failing) keeps it FAILED. */
  fail: { from: [...ACTIVE_STATUSES, "FAILED"], to: "FAILED" },
  /** Speech recognition again from the stored audio. */
  reprocess: { from: FINISHED, to: "REPROCESSING" },
  /** Only the analysis again, keeping the transcript. */
  reanalyze: { from: FINISHED, to: "PROCESSING" },
} as const satisfies Record<string, { from: readonly TranscriptionStatus[]; to: TranscriptionStatus }>;
export type TranscriptionEvent = keyof typeof TRANSCRIPTION_EVENTS;

/** Where `event` takes a transcription in `status`, or null when it may not happen there. */
export function nextStatus(status: TranscriptionStatus, event: TranscriptionEvent): TranscriptionStatus | null {
  const { from, to } = TRANSCRIPTION_EVENTS[event];
  return (from as readonly TranscriptionStatus[]).includes(status) ? to : null;
}

export const CHUNK_STATUSES = ["PENDING", "PROCESSING", "DONE", "FAILED"] as const;
export type ChunkStatus = (typeof CHUNK_STATUSES)[number];

export const CHUNK_EVENTS = {
  /** A job takes the chunk (again, when a worker died holding it). */
  lease: { from: ["PENDING", "PROCESSING"], to: "PROCESSING" },
  done: { from: ["PROCESSING"], to: "DONE" },
  /** A transient failure: the chunk waits for its next attempt. */
  retry: { from: ["PROCESSING"], to: "PENDING" },
  fail: { from: ["PROCESSING"], to: "FAILED" },
  /** Re-sent, reprocessed, or resumed after its lease ran out: it is transcribed again. */
  reset: { from: CHUNK_STATUSES, to: "PENDING" },
} as const satisfies Record<string, { from: readonly ChunkStatus[]; to: ChunkStatus }>;
export type ChunkEvent = keyof typeof CHUNK_EVENTS;

export function nextChunkStatus(status: ChunkStatus, event: ChunkEvent): ChunkStatus | null {
  const { from, to } = CHUNK_EVENTS[event];
  return (from as readonly ChunkStatus[]).includes(status) ? to : null;
}

/** Chunks a job may still work on (a stalled one is found among these). */
export const UNFINISHED_CHUNK_STATUSES = ["PENDING", "PROCESSING"] as const satisfies readonly ChunkStatus[];

type Sealable = { source: "file" | "chunks"; chunksExpected: number | null };

/** Every chunk has arrived: a single file is one chunk; a chunked upload says how many when it seals. */
export const isSealed = (t: Sealable, received: number) =>
  t.source === "file" || (t.chunksExpected !== null && received >= t.chunksExpected);

/** Sealed and every chunk transcribed: the transcript can be joined. */
export const readyToJoin = (t: Sealable, chunks: readonly { status: ChunkStatus }[]) =>
  isSealed(t, chunks.length) && chunks.length > 0 && chunks.every((c) => c.status === "DONE");

/**
 * Retry and lease policy for speech jobs, from the Worker's vars of these names (tests shorten the delays). Typed
 * by shape, not by env.ts's Bindings: rules sit below the platform and import nothing of it.
 */
export function jobSettings(env: {
  JOB_MAX_ATTEMPTS?: string | undefined;
  JOB_RETRY_BASE_SECONDS?: string | undefined;
}) {
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

/** After failed attempt `attempt`: try again after `delaySeconds`, or give up. */
export function afterFailure(settings: ReturnType<typeof jobSettings>, attempt: number, transient: boolean) {
  return transient && attempt < settings.maxAttempts
    ? { retry: true as const, delaySeconds: settings.retryDelaySeconds(attempt) }
    : { retry: false as const };
}
