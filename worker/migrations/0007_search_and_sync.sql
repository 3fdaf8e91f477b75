-- Search and sync (issue 16), what drizzle-kit cannot express: the FTS5 index over search_entries and the
-- triggers that keep it and the sync log in step with their tables.
--
-- search_fts indexes search_entries.body (external content: the rows live once, in search_entries). unicode61
-- with remove_diacritics 2 folds case and accents ("cafe" finds "café"); scripts written without spaces are
-- split into one token per character when the row is written (search/tokens.ts), so a word in Japanese or
-- Chinese is found as a phrase of its characters.
CREATE VIRTUAL TABLE `search_fts` USING fts5(
  body,
  content = 'search_entries',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);--> statement-breakpoint
CREATE TRIGGER search_entries_index AFTER INSERT ON search_entries BEGIN
  INSERT INTO search_fts (rowid, body) VALUES (NEW.id, NEW.body);
END;--> statement-breakpoint
-- Also fires for rows removed by the cascade from a deleted transcription (and so from a deleted account).
CREATE TRIGGER search_entries_unindex AFTER DELETE ON search_entries BEGIN
  INSERT INTO search_fts (search_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
END;--> statement-breakpoint
-- The sync log keeps one row per transcription: REPLACE gives it the next seq, so everything after a
-- client's cursor is each transcription's latest change, once.
CREATE TRIGGER transcriptions_sync_insert AFTER INSERT ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, transcription_id, deleted) VALUES (NEW.user_id, NEW.id, 0);
END;--> statement-breakpoint
-- Only columns a client shows: lease renewals and attempt counts change nothing a user sees.
CREATE TRIGGER transcriptions_sync_update AFTER UPDATE OF
  name, file_name, file_path, file_type, file_size, status, progress_percentage, text, filtered_text, summary,
  key_points, summary_analysis, transcription_details, claude_analysis, formatted_transcript, enhanced_key_points,
  informative_summary, error_message, language, duration, analysis_engine, google_event_id, diarize,
  num_speakers, transcript_version
ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, transcription_id, deleted) VALUES (NEW.user_id, NEW.id, 0);
END;--> statement-breakpoint
-- A tombstone, except while the account itself is being deleted (its row is already gone then).
CREATE TRIGGER transcriptions_sync_delete AFTER DELETE ON transcriptions BEGIN
  INSERT OR REPLACE INTO sync_changes (user_id, transcription_id, deleted)
    SELECT OLD.user_id, OLD.id, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
END;--> statement-breakpoint
-- A deleted account leaves nobody to sync: its whole log goes, earlier tombstones too.
CREATE TRIGGER users_sync_delete AFTER DELETE ON users BEGIN
  DELETE FROM sync_changes WHERE user_id = OLD.id;
END;--> statement-breakpoint
-- Transcriptions made before this migration enter the log in the order they were created. Their search
-- entries are written by the hourly sweep (search/backfill.ts), which needs the Worker to split the text.
INSERT INTO sync_changes (user_id, transcription_id, deleted)
  SELECT user_id, id, 0 FROM transcriptions ORDER BY created_at, id;
