ALTER TABLE `users` ADD `email_verified_at` text;--> statement-breakpoint
-- Accounts whose address Google already vouched for (linked, with the same address) start out verified.
UPDATE `users` SET `email_verified_at` = CURRENT_TIMESTAMP WHERE `google_sub` IS NOT NULL AND `google_profile_email` = `email` COLLATE NOCASE;
