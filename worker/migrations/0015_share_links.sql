CREATE TABLE `share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`transcription_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`include_recording` integer NOT NULL,
	`include_summary` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text,
	`view_count` integer DEFAULT 0 NOT NULL,
	`last_viewed_at` text,
	FOREIGN KEY (`transcription_id`) REFERENCES `transcriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_token_hash_idx` ON `share_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `share_links_transcription_idx` ON `share_links` (`transcription_id`);