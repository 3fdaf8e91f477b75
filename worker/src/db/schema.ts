import { ASK_FALLBACKS, ASK_MODES } from "@verbatim/shared/ask";
import { SEARCH_FIELD_VALUES } from "@verbatim/shared/search";
import { TRANSCRIPTION_STATUSES, TRANSCRIPTION_TASKS } from "@verbatim/shared/transcription";
import { INVITABLE_ROLES, WORKSPACE_ROLES } from "@verbatim/shared/workspaces";
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  customType,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { CHUNK_STATUSES } from "../rules/job-state";

// The one source of the database schema: `pnpm --filter @verbatim/worker db:generate` writes the migration
// for a change here into worker/migrations (docs/architecture/data.md#database-migrations). Checks and
// indexes are declared too, so a migration that rebuilds a table keeps them. 0000–0004 were written by hand
// before drizzle-kit; migrations/meta/0004_snapshot.json describes the schema they produce.

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
/** Text compared case-insensitively (usernames and e-mail addresses are unique whatever the case). */
const textNocase = customType<{ data: string }>({ dataType: () => "text COLLATE NOCASE" });
/** `CHECK (column IS NULL OR length(column) <= max)`: SQLite does not enforce VARCHAR lengths. */
const maxLength = (name: string, column: string, max: number) =>
  check(name, sql.raw(`${column} IS NULL OR length(${column}) <= ${max}`));

const timestamps = {
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
};

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: textNocase("username").notNull().unique(),
    usernameKey: text("username_key"),
    email: textNocase("email").notNull().unique(),
    /**
     * When the address was proven to be this account's (its confirmation link was opened, or Google vouched for it);
     * null while it is only claimed.
     * A claimed address never blocks the owner who proves it (google/account.ts).
     */
    emailVerifiedAt: text("email_verified_at"),
    password: text("password"),
    fullName: text("full_name"),
    profilePicture: text("profile_picture"),
    company: text("company"),
    jobTitle: text("job_title"),
    bio: text("bio"),
    subscriptionPlan: text("subscription_plan", { enum: ["FREE", "PRO"] })
      .notNull()
      .default("FREE"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    subscriptionEndDate: text("subscription_end_date"),
    /** `created` of the newest Stripe subscription event applied (0001_billing). */
    stripeEventAt: integer("stripe_event_at"),
    googleAccessToken: text("google_access_token"),
    googleRefreshToken: text("google_refresh_token"),
    googleTokenExpiry: text("google_token_expiry"),
    googleProfileEmail: text("google_profile_email"),
    googleProfileName: text("google_profile_name"),
    googleProfilePicture: text("google_profile_picture"),
    googleConnected: integer("google_connected", { mode: "boolean" }).notNull().default(false),
    googleSub: text("google_sub"),
    googleScopes: text("google_scopes"),
    googleTokenKeyId: text("google_token_key_id"),
    googleStatusMessage: text("google_status_message"),
    googleRefreshLease: integer("google_refresh_lease"),
    ...timestamps,
  },
  (t) => [
    check("users_id_length", sql`length(${t.id}) = 36`),
    check("users_username_length", sql`length(${t.username}) BETWEEN 3 AND 255`),
    check("users_email_length", sql`length(${t.email}) <= 255`),
    maxLength("users_password_length", "password", 255),
    maxLength("users_full_name_length", "full_name", 255),
    maxLength("users_profile_picture_length", "profile_picture", 512),
    maxLength("users_company_length", "company", 255),
    maxLength("users_job_title_length", "job_title", 255),
    check("users_subscription_plan_check", sql`${t.subscriptionPlan} IN ('FREE', 'PRO')`),
    maxLength("users_stripe_customer_id_length", "stripe_customer_id", 255),
    maxLength("users_stripe_subscription_id_length", "stripe_subscription_id", 255),
    check("users_subscription_status_length", sql`length(${t.subscriptionStatus}) <= 50`),
    maxLength("users_google_access_token_length", "google_access_token", 2048),
    maxLength("users_google_refresh_token_length", "google_refresh_token", 2048),
    maxLength("users_google_profile_email_length", "google_profile_email", 255),
    maxLength("users_google_profile_name_length", "google_profile_name", 255),
    maxLength("users_google_profile_picture_length", "google_profile_picture", 512),
    check("users_google_connected_check", sql`${t.googleConnected} IN (0, 1)`),
    uniqueIndex("users_stripe_customer_idx").on(t.stripeCustomerId).where(sql`${t.stripeCustomerId} IS NOT NULL`),
    uniqueIndex("users_username_key_idx").on(t.usernameKey),
    uniqueIndex("users_google_sub_idx").on(t.googleSub).where(sql`${t.googleSub} IS NOT NULL`),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    userAgent: text("user_agent"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Browsers where an account signed in (OWASP's device cookies): their guesses are counted apart from strangers',
 * so an attack on an account or from a shared address never locks its owner out there. Only a hash is stored.
 */
export const trustedDevices = sqliteTable(
  "trusted_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId)],
);

/**
 * The tokens of e-mailed links (auth/email-tokens.ts): confirming an address (24 h) and resetting a password (1 h).
 * Only the SHA-256 of a token is stored; a token is used once (its row is deleted when it is used), and only for the
 * address it was sent to.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    email: textNocase("email").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_check", sql.raw("purpose IN ('verify', 'reset')")),
  ],
);

/**
 * Notification e-mails held while the account's address is unconfirmed (mail/deliver.ts): sent when it is confirmed,
 * dropped when the account goes.
 */
export const heldEmails = sqliteTable(
  "held_emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The queue message (rules/email-jobs.ts) as JSON. */
    job: text("job").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("held_emails_user_idx").on(t.userId)],
);

export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_failures_key_at_idx").on(t.key, t.at)],
);

export const rateEvents = sqliteTable(
  "rate_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("rate_events_key_at_idx").on(t.key, t.at)],
);

export const userPreferences = sqliteTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: text("data").notNull().default("{}"),
  updatedAt: text("updated_at").notNull().default(now),
});

export const transcriptions = sqliteTable(
  "transcriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team workspace it belongs to; null = its uploader's personal space (docs/architecture/workspaces.md). */
    workspaceId: text("workspace_id").references((): AnySQLiteColumn => workspaces.id, { onDelete: "cascade" }),
    name: text("name"),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size"),
    status: text("status", { enum: TRANSCRIPTION_STATUSES }).notNull().default("PENDING"),
    progressPercentage: integer("progress_percentage").notNull().default(0),
    text: text("text"),
    filteredText: text("filtered_text"),
    summary: text("summary"),
    keyPoints: text("key_points"),
    summaryAnalysis: text("summary_analysis"),
    transcriptionDetails: text("transcription_details"),
    claudeAnalysis: text("claude_analysis"),
    formattedTranscript: text("formatted_transcript"),
    enhancedKeyPoints: text("enhanced_key_points"),
    informativeSummary: text("informative_summary"),
    errorMessage: text("error_message"),
    language: text("language"),
    duration: real("duration"),
    analysisEngine: text("analysis_engine"),
    googleEventId: text("google_event_id"),
    source: text("source", { enum: ["file", "chunks"] })
      .notNull()
      .default("file"),
    chunksExpected: integer("chunks_expected"),
    leaseUntil: integer("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    diarize: integer("diarize", { mode: "boolean" }).notNull().default(false),
    // 1–20, checked by the API's schemas: a CHECK here would make drizzle-kit rebuild the table, and D1 can't
    // turn foreign keys off for that, so the rebuild would cascade-delete the chunks and logs.
    numSpeakers: integer("num_speakers"),
    // What speech recognition writes: the words as spoken, or ("translate") Whisper's English translation of them
    // (POST /v1/audio/translations). Checked by the API, not by a CHECK, for the reason given above.
    task: text("task", { enum: TRANSCRIPTION_TASKS }).notNull().default("transcribe"),
    transcriptVersion: integer("transcript_version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("transcriptions_id_length", sql`length(${t.id}) = 36`),
    check("transcriptions_user_id_length", sql`length(${t.userId}) = 36`),
    maxLength("transcriptions_name_length", "name", 255),
    check("transcriptions_file_path_length", sql`length(${t.filePath}) <= 512`),
    check(
      "transcriptions_status_check",
      sql.raw(`status IN (${TRANSCRIPTION_STATUSES.map((v) => `'${v}'`).join(", ")})`),
    ),
    check("transcriptions_progress_check", sql`${t.progressPercentage} BETWEEN 0 AND 100`),
    check("transcriptions_source_check", sql`${t.source} IN ('file', 'chunks')`),
    index("transcriptions_user_created_idx").on(t.userId, sql`${t.createdAt} DESC`),
    index("transcriptions_workspace_created_idx").on(t.workspaceId, sql`${t.createdAt} DESC`),
    index("transcriptions_status_idx").on(t.status, t.leaseUntil),
    index("transcriptions_user_event_idx").on(t.userId, t.googleEventId).where(sql`${t.googleEventId} IS NOT NULL`),
  ],
);
export type TranscriptionRow = typeof transcriptions.$inferSelect;

export const transcriptionChunks = sqliteTable(
  "transcription_chunks",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    r2Key: text("r2_key").notNull(),
    startOffset: real("start_offset").notNull(),
    status: text("status", { enum: CHUNK_STATUSES }).notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    leaseUntil: integer("lease_until"),
  },
  (t) => [
    primaryKey({ columns: [t.transcriptionId, t.idx] }),
    check("transcription_chunks_idx_check", sql`${t.idx} >= 0`),
    check("transcription_chunks_start_offset_check", sql`${t.startOffset} >= 0`),
    check("transcription_chunks_status_check", sql`${t.status} IN ('PENDING', 'PROCESSING', 'DONE', 'FAILED')`),
  ],
);

export const transcriptionLogs = sqliteTable(
  "transcription_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["info", "warn", "error"] })
      .notNull()
      .default("info"),
    message: text("message").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    check("transcription_logs_level_check", sql`${t.level} IN ('info', 'warn', 'error')`),
    index("transcription_logs_tid_idx").on(t.transcriptionId, t.id),
  ],
);

export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team workspace the finished upload goes into; null = the uploader's personal space. */
    workspaceId: text("workspace_id").references((): AnySQLiteColumn => workspaces.id, { onDelete: "cascade" }),
    r2Key: text("r2_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    size: integer("size").notNull(),
    partSize: integer("part_size").notNull(),
    status: text("status", { enum: ["OPEN", "COMPLETED", "ABORTED"] })
      .notNull()
      .default("OPEN"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    check("uploads_id_length", sql`length(${t.id}) = 36`),
    check("uploads_status_check", sql`${t.status} IN ('OPEN', 'COMPLETED', 'ABORTED')`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;

export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.partNumber] }),
    check("upload_parts_part_number_check", sql`${t.partNumber} BETWEEN 1 AND 10000`),
  ],
);

/** Stripe webhook events already handled (0001_billing). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull().default(now),
});

/** Units of work counted against the FREE plan, per calendar month (0001_billing). */
export const planUsage = sqliteTable(
  "plan_usage",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Work done in a team workspace counts against the team, not the uploader (store/plan-usage.ts). */
    workspaceId: text("workspace_id").references((): AnySQLiteColumn => workspaces.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    workId: text("work_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    check("plan_usage_period_length", sql`length(${t.period}) = 7`),
    index("plan_usage_user_period_idx").on(t.userId, t.period),
    index("plan_usage_workspace_period_idx").on(t.workspaceId, t.period),
    index("plan_usage_work_idx").on(t.workId),
  ],
);

export const googleAuthRequests = sqliteTable(
  "google_auth_requests",
  {
    id: text("id").primaryKey(),
    state: text("state").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    intent: text("intent", { enum: ["login", "signup", "connect", "drive"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    returnTo: text("return_to").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [check("google_auth_requests_intent_check", sql`${t.intent} IN ('login', 'signup', 'connect', 'drive')`)],
);

/**
 * The sync log (`GET /api/sync`): one row per transcription and space (`scope`), replaced with a new `seq` whenever the row changes
 * or is deleted (then `deleted`, a tombstone), so a client asking for everything after its cursor gets each
 * change exactly once, in commit order. Written only by triggers on `transcriptions` (migration
 * 0007_search_and_sync): every path that changes a row is covered, cascades from an account deletion too. The
 * update trigger lists the columns a client shows; a column added to `transcriptions` that clients show
 * belongs in that list. No foreign keys: a tombstone outlives its row.
 */
export const syncChanges = sqliteTable(
  "sync_changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    /** Whose feed: `user:{id}` for a personal space, `team:{workspace id}` for a team's (migration 0018). */
    scope: text("scope").notNull(),
    transcriptionId: text("transcription_id").notNull(),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    changedAt: text("changed_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("sync_changes_transcription_scope_idx").on(t.transcriptionId, t.scope),
    index("sync_changes_scope_seq_idx").on(t.scope, t.seq),
  ],
);

/**
 * What `GET /api/search` finds: one row per title, summary and transcript line of a transcription, with the
 * line's start and speaker. The FTS5 index `search_fts` (migration 0007_search_and_sync, kept in step by
 * triggers) indexes `body` with this table as its external content; store/search-index.ts writes the rows.
 */
export const searchEntries = sqliteTable(
  "search_entries",
  {
    id: integer("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    field: text("field", { enum: SEARCH_FIELD_VALUES }).notNull(),
    start: real("start"),
    speaker: text("speaker"),
    body: text("body").notNull(),
  },
  (t) => [index("search_entries_transcription_idx").on(t.transcriptionId)],
);

/**
 * Voices the user asked Verbatim to remember (voices/): a name and the mean of the voice embeddings it was
 * remembered from, unit length, as JSON. A later recording's speaker with a voice this close is given the name
 * (rules/voices.ts). Voice embeddings are biometric data: kept only on the user's request, deleted with the profile
 * or the account.
 */
export const voiceProfiles = sqliteTable(
  "voice_profiles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Remembered for a team (its members' recordings are matched against it); null = the user's own. */
    workspaceId: text("workspace_id").references((): AnySQLiteColumn => workspaces.id, { onDelete: "cascade" }),
    name: textNocase("name").notNull(),
    embedding: text("embedding").notNull(),
    /** How many speakers' voices the mean is made of. */
    samples: integer("samples").notNull().default(1),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("voice_profiles_user_name_idx").on(t.userId, t.name).where(sql`${t.workspaceId} IS NULL`),
    uniqueIndex("voice_profiles_workspace_name_idx").on(t.workspaceId, t.name).where(sql`${t.workspaceId} IS NOT NULL`),
  ],
);

/**
 * Each speaker's voice embedding in a diarized transcription, as the engine sent it (unit length, JSON), so the
 * user can remember a voice after naming it. Replaced by every speech-recognition run; gone with the transcription.
 */
export const speakerVoices = sqliteTable(
  "speaker_voices",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    speakerId: text("speaker_id").notNull(),
    embedding: text("embedding").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.speakerId] })],
);

/**
 * API keys (auth/api-key.ts): only the SHA-256 of a key is kept, with its first characters to tell keys apart.
 * Revoking a key deletes its row, so it stops working with the next request.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    /** JSON array of scopes (shared/src/api-keys.ts). */
    scopes: text("scopes").notNull(),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at"),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_key_hash_idx").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

/**
 * Webhook endpoints (worker/src/webhooks): where an account's transcription events are POSTed, signed with
 * `secret` (and, for a day after a rotation, with `previous_secret` too). The server switches an endpoint off after
 * a run of failed deliveries (rules/webhook-schedule.ts), counted in `failed_messages`.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** JSON array of events (shared/src/webhooks.ts). */
    events: text("events").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    /** Messages in a row whose every attempt failed; a success sets it back to 0. */
    failedMessages: integer("failed_messages").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * One message to one endpoint and how its delivery went (the log Settings › API shows). `payload` is the exact body
 * signed and sent, so every attempt and a resend send the same bytes. Pruned after 30 days by the hourly cron.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The webhook-id header: the same for every attempt and every resend of the message. */
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    payload: text("payload").notNull(),
    /** pending, succeeded or failed (shared WEBHOOK_DELIVERY_STATUSES). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms"),
    responseExcerpt: text("response_excerpt"),
    createdAt: text("created_at").notNull().default(now),
    lastAttemptAt: text("last_attempt_at"),
    nextAttemptAt: text("next_attempt_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

/**
 * Browsers that get notifications through Web Push (worker/src/push): one row per endpoint, tied to the session
 * that subscribed it, so signing out (or the session ending any other way) removes that browser's row with it.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's keys for the payload encryption (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

/**
 * Read-only links to one transcription (worker/src/share-links): whoever holds the token sees it without an account.
 * Only the token's SHA-256 is kept; revoking deletes the row, so the link stops at once.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    includeRecording: integer("include_recording", { mode: "boolean" }).notNull(),
    includeSummary: integer("include_summary", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at"),
    viewCount: integer("view_count").notNull().default(0),
    lastViewedAt: text("last_viewed_at"),
  },
  (t) => [
    uniqueIndex("share_links_token_hash_idx").on(t.tokenHash),
    index("share_links_transcription_idx").on(t.transcriptionId),
  ],
);

/**
 * Comments on a moment of a transcription (worker/src/comments): a thread starts on a segment (its time and text as
 * it was then) and collects replies (`parent_id`); the thread, not a reply, is resolved or reopened.
 */
export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for a thread's first comment; its thread's id for a reply. */
    parentId: text("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    start: real("start").notNull(),
    end: real("end").notNull(),
    /** The segment's text when the thread was started, so it still reads right after the transcript is edited. */
    quote: text("quote").notNull(),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull().default(now),
    resolvedAt: text("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("comments_transcription_idx").on(t.transcriptionId, t.start),
    index("comments_parent_idx").on(t.parentId),
  ],
);

/** The announcements (mail/templates.ts ANNOUNCEMENTS) already e-mailed: each goes out once, by the hourly cron. */
export const announcementsSent = sqliteTable("announcements_sent", {
  id: text("id").primaryKey(),
  sentAt: text("sent_at").notNull().default(now),
});

/**
 * Team workspaces (worker/src/workspaces, docs/architecture/workspaces.md). Its owner is also a member with the
 * role `owner`; `owner_id` names who the team is billed to and is changed only by a transfer.
 */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("workspaces_owner_idx").on(t.ownerId)],
);

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
    check("workspace_members_role_check", sql.raw(`role IN (${WORKSPACE_ROLES.map((r) => `'${r}'`).join(", ")})`)),
  ],
);

/** Open invitations: only the link token's SHA-256 is kept; accepting or revoking deletes the row. */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: textNocase("email").notNull(),
    role: text("role", { enum: INVITABLE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("workspace_invitations_email_idx").on(t.workspaceId, t.email),
  ],
);

/** A kept answer to a question (ask_answers, library_answers): the same columns in both. */
const answerColumns = () => ({
  /** The question folded (lower case, single spaces): what makes two askings the same question. */
  questionKey: text("question_key").notNull(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  mode: text("mode", { enum: ASK_MODES }).notNull(),
  fallback: text("fallback", { enum: ASK_FALLBACKS }),
  /** The passages as JSON (AskPassage[]; in a library's answer each names its transcription). */
  passages: text("passages").notNull(),
  askedAt: text("asked_at").notNull().default(now),
});

/**
 * The last answer to each question asked of a transcription ("Ask this meeting", worker/src/ask): the same question
 * (case and spacing aside) replaces it, so a reload shows it without asking the model again.
 */
export const askAnswers = sqliteTable(
  "ask_answers",
  {
    id: text("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    ...answerColumns(),
  },
  (t) => [uniqueIndex("ask_answers_question_idx").on(t.transcriptionId, t.questionKey)],
);

/**
 * The last answers to questions asked of a whole library ("Ask my library", worker/src/ask), per asker and space:
 * the same question replaces its answer, and only the latest few are kept (ask/store.ts).
 */
export const libraryAnswers = sqliteTable(
  "library_answers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team workspace asked; null for the asker's personal space. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** The workspace's id, or "" for the personal space: NULLs never collide in a unique index. */
    spaceKey: text("space_key").notNull(),
    ...answerColumns(),
  },
  (t) => [uniqueIndex("library_answers_question_idx").on(t.userId, t.spaceKey, t.questionKey)],
);
