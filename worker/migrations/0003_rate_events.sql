-- Abuse limits that do not depend on the plan (worker/src/http/rate-limit.ts): one row per counted event.
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key_at_idx ON rate_events(key, at);
