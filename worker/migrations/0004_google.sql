-- Google sign-in, the connected calendar and meeting recordings (issue 13).

-- The Google account (OIDC `sub`) an account signs in with: matched by this, never by e-mail alone.
ALTER TABLE users ADD COLUMN google_sub TEXT;
CREATE UNIQUE INDEX users_google_sub_idx ON users(google_sub) WHERE google_sub IS NOT NULL;
-- Scopes Google granted (space-separated), the id of the key the stored tokens are encrypted with, why a
-- grant stopped working, and a short lease so only one request refreshes a user's access token at a time.
ALTER TABLE users ADD COLUMN google_scopes TEXT;
ALTER TABLE users ADD COLUMN google_token_key_id TEXT;
ALTER TABLE users ADD COLUMN google_status_message TEXT;
ALTER TABLE users ADD COLUMN google_refresh_lease INTEGER;

-- An authorization under way: found by the SHA-256 of the browser's short-lived cookie, used once.
CREATE TABLE google_auth_requests (
  id TEXT PRIMARY KEY NOT NULL,
  state TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  intent TEXT NOT NULL CHECK (intent IN ('login', 'signup', 'connect', 'drive')),
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  return_to TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- The calendar event a transcription was made from (its Meet recording).
ALTER TABLE transcriptions ADD COLUMN google_event_id TEXT;
CREATE INDEX transcriptions_user_event_idx ON transcriptions(user_id, google_event_id) WHERE google_event_id IS NOT NULL;
