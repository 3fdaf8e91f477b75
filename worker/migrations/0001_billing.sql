-- Payments (Stripe) and the FREE plan's limits.

-- `created` (Unix seconds) of the newest subscription event applied to the user: an older event that arrives
-- late never moves the subscription backwards.
ALTER TABLE users ADD COLUMN stripe_event_at INTEGER;
-- One Stripe customer per user, and a customer belongs to one user.
CREATE UNIQUE INDEX users_stripe_customer_idx ON users(stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

-- Every webhook event handled, recorded in the same transaction as its effect: a replay changes nothing.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One row per unit of work started (an upload, a chunked recording, a reprocess), by calendar month (UTC).
-- A slot is taken by a single conditional INSERT, so concurrent requests cannot overshoot the FREE limit; a
-- refused or failed request deletes its row again.
CREATE TABLE plan_usage (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period TEXT NOT NULL CHECK (length(period) = 7),
  -- The transcription (or resumable upload, whose id the transcription takes) the slot was used for.
  work_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX plan_usage_user_period_idx ON plan_usage(user_id, period);
CREATE INDEX plan_usage_work_idx ON plan_usage(work_id);
