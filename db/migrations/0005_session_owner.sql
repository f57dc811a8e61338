ALTER TABLE `upload_sessions` ADD `owner_id` text REFERENCES users(id) ON DELETE cascade;
--> statement-breakpoint
-- Existing sessions: the library of their document; a session whose document is gone was a private
-- upload if a non-admin made it (users upload only to their own library).
UPDATE `upload_sessions` SET `owner_id` = (SELECT `owner_id` FROM `documents` WHERE `documents`.`id` = `upload_sessions`.`document_id`) WHERE `document_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `upload_sessions` SET `owner_id` = `user_id` WHERE `owner_id` IS NULL AND `document_id` IS NULL AND `user_id` IN (SELECT `id` FROM `users` WHERE `role` <> 'admin');
