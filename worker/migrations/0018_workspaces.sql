-- drizzle-kit leaves out ON DELETE when it adds a column (added by hand below): deleting a team deletes what
-- is in it, its usage and its unfinished uploads.
CREATE TABLE `workspace_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text COLLATE NOCASE NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_hash_idx` ON `workspace_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_email_idx` ON `workspace_invitations` (`workspace_id`,`email`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workspace_members_role_check" CHECK(role IN ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user_idx` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspaces_owner_idx` ON `workspaces` (`owner_id`);--> statement-breakpoint
DROP INDEX `voice_profiles_user_name_idx`;--> statement-breakpoint
ALTER TABLE `voice_profiles` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX `voice_profiles_workspace_name_idx` ON `voice_profiles` (`workspace_id`,`name`) WHERE workspace_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `voice_profiles_user_name_idx` ON `voice_profiles` (`user_id`,`name`) WHERE workspace_id IS NULL;--> statement-breakpoint
ALTER TABLE `plan_usage` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `plan_usage_workspace_period_idx` ON `plan_usage` (`workspace_id`,`period`);--> statement-breakpoint
ALTER TABLE `transcriptions` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `transcriptions_workspace_created_idx` ON `transcriptions` (`workspace_id`,"created_at" DESC);--> statement-breakpoint
ALTER TABLE `uploads` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE CASCADE;--> statement-breakpoint
-- Written by hand: the sync log gets one row per transcription and space (`scope`), so moving a transcription
-- leaves a tombstone in the space it left. SQLite cannot add a NOT NULL column without a default, so the table is
-- rebuilt (it has no foreign keys); the triggers of 0007 are replaced to write the scope.
DROP TRIGGER transcriptions_sync_insert;--> statement-breakpoint
DROP TRIGGER transcriptions_sync_update;--> statement-breakpoint
DROP TRIGGER transcriptions_sync_delete;--> statement-breakpoint
DROP TRIGGER users_sync_delete;--> statement-breakpoint
CREATE TABLE `sync_changes_new` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`transcription_id` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);--> statement-breakpoint
INSERT INTO `sync_changes_new` (seq, user_id, scope, transcription_id, deleted, changed_at)
  SELECT seq, user_id, 'user:' || user_id, transcription_id, deleted, changed_at FROM `sync_changes` ORDER BY seq;--> statement-breakpoint
DROP TABLE `sync_changes`;--> statement-breakpoint
ALTER TABLE `sync_changes_new` RENAME TO `sync_changes`;--> statement-breakpoint
CREATE UNIQUE INDEX `sync_changes_transcription_scope_idx` ON `sync_changes` (`transcription_id`,`scope`);--> statement-breakpoint
CREATE INDEX `sync_changes_scope_seq_idx` ON `sync_changes` (`scope`,`seq`);--> statement-breakpoint
CREATE TRIGGER transcriptions_sync_insert AFTER INSERT ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted) VALUES (
    NEW.user_id,
    CASE WHEN NEW.workspace_id IS NULL THEN 'user:' || NEW.user_id ELSE 'team:' || NEW.workspace_id END,
    NEW.id, 0);
END;--> statement-breakpoint
-- Only columns a client shows: lease renewals and attempt counts change nothing a user sees.
CREATE TRIGGER transcriptions_sync_update AFTER UPDATE OF
  name, file_name, file_path, file_type, file_size, status, progress_percentage, text, filtered_text, summary,
  key_points, summary_analysis, transcription_details, claude_analysis, formatted_transcript, enhanced_key_points,
  informative_summary, error_message, language, duration, analysis_engine, google_event_id, diarize,
  num_speakers, transcript_version, task, workspace_id
ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted) VALUES (
    NEW.user_id,
    CASE WHEN NEW.workspace_id IS NULL THEN 'user:' || NEW.user_id ELSE 'team:' || NEW.workspace_id END,
    NEW.id, 0);
END;--> statement-breakpoint
-- A move: the space it left gets a tombstone.
CREATE TRIGGER transcriptions_sync_move AFTER UPDATE OF workspace_id ON transcriptions
WHEN OLD.workspace_id IS NOT NEW.workspace_id BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted) VALUES (
    OLD.user_id,
    CASE WHEN OLD.workspace_id IS NULL THEN 'user:' || OLD.user_id ELSE 'team:' || OLD.workspace_id END,
    OLD.id, 1);
END;--> statement-breakpoint
-- A tombstone, except while the account or the team itself is being deleted (its log goes with it).
CREATE TRIGGER transcriptions_sync_delete AFTER DELETE ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted)
    SELECT OLD.user_id, 'user:' || OLD.user_id, OLD.id, 1
    WHERE OLD.workspace_id IS NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
  INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted)
    SELECT OLD.user_id, 'team:' || OLD.workspace_id, OLD.id, 1
    WHERE OLD.workspace_id IS NOT NULL AND EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id);
END;--> statement-breakpoint
CREATE TRIGGER users_sync_delete AFTER DELETE ON users BEGIN
  DELETE FROM sync_changes WHERE scope = 'user:' || OLD.id;
END;--> statement-breakpoint
CREATE TRIGGER workspaces_sync_delete AFTER DELETE ON workspaces BEGIN
  DELETE FROM sync_changes WHERE scope = 'team:' || OLD.id;
END;
