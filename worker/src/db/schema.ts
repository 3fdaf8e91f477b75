import { sql } from "drizzle-orm";
import { TRANSCRIPTION_STATUSES } from "@verbatim/shared/transcription";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CHUNK_STATUSES } from "../jobs/state";

// Mirrors worker/migrations (the migrations are the source of truth; this is the typed view of them).

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const timestamps = {
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
};

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  usernameKey: text("username_key"),
  email: text("email").notNull(),
  password: text("password"),
  fullName: text("full_name"),
  profilePicture: text("profile_picture"),
  company: text("company"),
  jobTitle: text("job_title"),
  bio: text("bio"),
  subscriptionPlan: text("subscription_plan", { enum: ["FREE", "PRO"] }).notNull().default("FREE"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  subscriptionStatus: text("subscription_status").notNull().default("active"),
  subscriptionEndDate: text("subscription_end_date"),
  /** `created` of the newest Stripe subscription event applied (0002_billing). */
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
});
export type UserRow = typeof users.$inferSelect;

export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
  userAgent: text("user_agent"),
  createdAt: text("created_at").notNull().default(now),
});

export const loginFailures = sqliteTable("login_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull(),
  at: integer("at").notNull(),
});

export const rateEvents = sqliteTable("rate_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull(),
  at: integer("at").notNull(),
});

export const userPreferences = sqliteTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: text("data").notNull().default("{}"),
  updatedAt: text("updated_at").notNull().default(now),
});

export const transcriptions = sqliteTable("transcriptions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
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
  source: text("source", { enum: ["file", "chunks"] }).notNull().default("file"),
  chunksExpected: integer("chunks_expected"),
  leaseUntil: integer("lease_until"),
  attempts: integer("attempts").notNull().default(0),
  ...timestamps,
});
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
    status: text("status", { enum: CHUNK_STATUSES })
      .notNull()
      .default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    leaseUntil: integer("lease_until"),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.idx] })],
);
export type ChunkRow = typeof transcriptionChunks.$inferSelect;

export const transcriptionLogs = sqliteTable("transcription_logs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  transcriptionId: text("transcription_id")
    .notNull()
    .references(() => transcriptions.id, { onDelete: "cascade" }),
  level: text("level", { enum: ["info", "warn", "error"] }).notNull().default("info"),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull().default(now),
});

export const uploads = sqliteTable("uploads", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  r2Key: text("r2_key").notNull(),
  r2UploadId: text("r2_upload_id").notNull(),
  fileName: text("file_name").notNull(),
  fileType: text("file_type").notNull(),
  size: integer("size").notNull(),
  partSize: integer("part_size").notNull(),
  status: text("status", { enum: ["OPEN", "COMPLETED", "ABORTED"] }).notNull().default("OPEN"),
  createdAt: text("created_at").notNull().default(now),
});
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
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/** Stripe webhook events already handled (0002_billing). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull().default(now),
});

/** Units of work counted against the FREE plan, per calendar month (0002_billing). */
export const planUsage = sqliteTable("plan_usage", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  period: text("period").notNull(),
  workId: text("work_id"),
  createdAt: text("created_at").notNull().default(now),
});

export const googleAuthRequests = sqliteTable("google_auth_requests", {
  id: text("id").primaryKey(),
  state: text("state").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  intent: text("intent", { enum: ["login", "signup", "connect", "drive"] }).notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  returnTo: text("return_to").notNull(),
  expiresAt: integer("expires_at").notNull(),
});
