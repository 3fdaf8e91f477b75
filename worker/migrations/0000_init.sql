-- Verbatim's initial schema. Column names and lengths follow the data model in docs/architecture/data.md; SQLite does not enforce
-- VARCHAR lengths, so the spec's limits are CHECK constraints. Timestamps are ISO-8601 UTC text.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
  username TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(username) BETWEEN 3 AND 255),
  email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) <= 255),
  password TEXT CHECK (password IS NULL OR length(password) <= 255),
  full_name TEXT CHECK (full_name IS NULL OR length(full_name) <= 255),
  profile_picture TEXT CHECK (profile_picture IS NULL OR length(profile_picture) <= 512),
  company TEXT CHECK (company IS NULL OR length(company) <= 255),
  job_title TEXT CHECK (job_title IS NULL OR length(job_title) <= 255),
  bio TEXT,
  subscription_plan TEXT NOT NULL DEFAULT 'FREE' CHECK (subscription_plan IN ('FREE', 'PRO')),
  stripe_customer_id TEXT CHECK (stripe_customer_id IS NULL OR length(stripe_customer_id) <= 255),
  stripe_subscription_id TEXT CHECK (stripe_subscription_id IS NULL OR length(stripe_subscription_id) <= 255),
  subscription_status TEXT NOT NULL DEFAULT 'active' CHECK (length(subscription_status) <= 50),
  subscription_end_date TEXT,
  google_access_token TEXT CHECK (google_access_token IS NULL OR length(google_access_token) <= 2048),
  google_refresh_token TEXT CHECK (google_refresh_token IS NULL OR length(google_refresh_token) <= 2048),
  google_token_expiry TEXT,
  google_profile_email TEXT CHECK (google_profile_email IS NULL OR length(google_profile_email) <= 255),
  google_profile_name TEXT CHECK (google_profile_name IS NULL OR length(google_profile_name) <= 255),
  google_profile_picture TEXT CHECK (google_profile_picture IS NULL OR length(google_profile_picture) <= 512),
  google_connected INTEGER NOT NULL DEFAULT 0 CHECK (google_connected IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Only the SHA-256 of a session token is stored: a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  user_agent TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

-- Failed sign-ins, keyed by account and by client address, for the brute-force lockout.
CREATE TABLE login_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_key_at_idx ON login_failures(key, at);

CREATE TABLE user_preferences (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  data TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE transcriptions (
  id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE CHECK (length(user_id) = 36),
  name TEXT CHECK (name IS NULL OR length(name) <= 255),
  file_name TEXT NOT NULL,
  file_path TEXT NOT NULL CHECK (length(file_path) <= 512),
  file_type TEXT NOT NULL,
  file_size INTEGER,
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSING', 'REPROCESSING', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED')),
  progress_percentage INTEGER NOT NULL DEFAULT 0 CHECK (progress_percentage BETWEEN 0 AND 100),
  text TEXT,
  filtered_text TEXT,
  summary TEXT,
  key_points TEXT,
  summary_analysis TEXT,
  transcription_details TEXT,
  claude_analysis TEXT,
  formatted_transcript TEXT,
  enhanced_key_points TEXT,
  informative_summary TEXT,
  error_message TEXT,
  language TEXT,
  duration REAL,
  analysis_engine TEXT,
  -- How the audio arrives: one file, or ordered chunks sent by the client (sealed once all are in).
  source TEXT NOT NULL DEFAULT 'file' CHECK (source IN ('file', 'chunks')),
  chunks_expected INTEGER,
  -- Jobs hold a lease while running; an expired lease means the worker died and the job is re-enqueued.
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX transcriptions_user_created_idx ON transcriptions(user_id, created_at DESC);
CREATE INDEX transcriptions_status_idx ON transcriptions(status, lease_until);

CREATE TABLE transcription_chunks (
  transcription_id TEXT NOT NULL REFERENCES transcriptions(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL CHECK (idx >= 0),
  r2_key TEXT NOT NULL,
  start_offset REAL NOT NULL CHECK (start_offset >= 0),
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSING', 'DONE', 'FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  lease_until INTEGER,
  PRIMARY KEY (transcription_id, idx)
);

CREATE TABLE transcription_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  transcription_id TEXT NOT NULL REFERENCES transcriptions(id) ON DELETE CASCADE,
  level TEXT NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'warn', 'error')),
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX transcription_logs_tid_idx ON transcription_logs(transcription_id, id);

-- Resumable multipart uploads of large recordings straight into R2.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL,
  r2_upload_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  part_size INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'ABORTED')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE upload_parts (
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL CHECK (part_number BETWEEN 1 AND 10000),
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (upload_id, part_number)
);

-- updated_at is maintained by the database, so no code path can forget it.
CREATE TRIGGER users_touch AFTER UPDATE ON users FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN UPDATE users SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;
CREATE TRIGGER transcriptions_touch AFTER UPDATE ON transcriptions FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN UPDATE transcriptions SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;
CREATE TRIGGER user_preferences_touch AFTER UPDATE ON user_preferences FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN UPDATE user_preferences SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = NEW.user_id; END;
