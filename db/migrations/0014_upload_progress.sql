ALTER TABLE `upload_sessions` ADD `progress` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Uploads that completed before progress was stored read 100, as they would have.
UPDATE `upload_sessions` SET `progress` = 100 WHERE `status` = 'completed';
