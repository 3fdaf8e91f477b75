import type { Db } from "./db/client";
import type { JobMessage } from "./jobs/messages";

/** Bindings and variables from wrangler.toml (and secrets). */
export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  JOBS: Queue<JobMessage>;
  ASSETS: Fetcher;
  /** Workers AI; present only in production (it cannot run locally). */
  AI?: Ai;
  /** The app's public origin; CORS and the CSRF check allow only this one besides the request's own. */
  APP_ORIGIN?: string;
  ASR_PROVIDER?: string;
  ASR_BASE_URL?: string;
  ASR_API_KEY?: string;
  ASR_MODEL?: string;
  ANALYSIS_PROVIDER?: string;
  ANALYSIS_BASE_URL?: string;
  ANALYSIS_API_KEY?: string;
  ANALYSIS_MODEL?: string;
  /** Attempts per speech job before it is FAILED (default 5). */
  JOB_MAX_ATTEMPTS?: string;
  /** First retry delay in seconds, doubled on each attempt (default 10). */
  JOB_RETRY_BASE_SECONDS?: string;
  /** Google OAuth client (Google Cloud console → Credentials); without both, Google features say so. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** `id:secret[,id:secret…]`: the first encrypts stored Google tokens, the others still decrypt (rotation). */
  GOOGLE_TOKEN_KEYS?: string;
  /** Google's endpoints; defaults are Google's real URLs (tests and proxies point them elsewhere). */
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_REVOKE_URL?: string;
  GOOGLE_JWKS_URL?: string;
  GOOGLE_ISSUER?: string;
  GOOGLE_CALENDAR_API_URL?: string;
  GOOGLE_DRIVE_API_URL?: string;
}

export interface Variables {
  db: Db;
  userId: string | null;
  sessionId: string | null;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
