-- Usernames are unique by their look-alike key (worker/src/users/username-key.ts): "Admin", "admin" and
-- "adrnin" are one name. Accounts created before this keep their lower-case name as key (SQL cannot compute
-- the skeleton); they were already unique case-insensitively.
ALTER TABLE users ADD COLUMN username_key TEXT;
UPDATE users SET username_key = lower(username);
CREATE UNIQUE INDEX users_username_key_idx ON users(username_key);
