CREATE TABLE `library_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text,
	`space_key` text NOT NULL,
	`question_key` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`mode` text NOT NULL,
	`fallback` text,
	`passages` text NOT NULL,
	`asked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `library_answers_question_idx` ON `library_answers` (`user_id`,`space_key`,`question_key`);