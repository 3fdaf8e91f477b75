CREATE TABLE `search_entries` (
	`id` integer PRIMARY KEY NOT NULL,
	`transcription_id` text NOT NULL,
	`user_id` text NOT NULL,
	`field` text NOT NULL,
	`start` real,
	`speaker` text,
	`body` text NOT NULL,
	FOREIGN KEY (`transcription_id`) REFERENCES `transcriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_entries_transcription_idx` ON `search_entries` (`transcription_id`);--> statement-breakpoint
CREATE TABLE `sync_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`transcription_id` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_changes_transcription_idx` ON `sync_changes` (`transcription_id`);--> statement-breakpoint
CREATE INDEX `sync_changes_user_seq_idx` ON `sync_changes` (`user_id`,`seq`);