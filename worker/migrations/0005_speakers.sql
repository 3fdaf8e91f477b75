-- Speaker recognition and the transcript editor (issue 15). Written as ADD COLUMNs by hand: drizzle-kit
-- rebuilds the table for a NOT NULL column, and on D1 (foreign keys always on) dropping the old table would
-- cascade-delete every transcription's chunks and logs. The snapshot beside it is drizzle-kit's own.
ALTER TABLE `transcriptions` ADD `diarize` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `transcriptions` ADD `num_speakers` integer;--> statement-breakpoint
ALTER TABLE `transcriptions` ADD `transcript_version` integer DEFAULT 0 NOT NULL;
