CREATE TABLE `ask_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`transcription_id` text NOT NULL,
	`question_key` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`mode` text NOT NULL,
	`fallback` text,
	`passages` text NOT NULL,
	`asked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`transcription_id`) REFERENCES `transcriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ask_answers_question_idx` ON `ask_answers` (`transcription_id`,`question_key`);