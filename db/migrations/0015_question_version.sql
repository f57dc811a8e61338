-- The popular questions are counted over every question ever asked, a scan that grows with the history:
-- this version changes whenever a question is stored, changed or removed (deleting a conversation or an
-- account removes its messages, which fires these triggers too), so the count is kept until it does.
CREATE TABLE `question_stats` (`id` integer PRIMARY KEY NOT NULL, `version` integer NOT NULL);--> statement-breakpoint
INSERT INTO `question_stats` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `messages_question_ai` AFTER INSERT ON `messages` WHEN new.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_question_ad` AFTER DELETE ON `messages` WHEN old.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_question_au` AFTER UPDATE OF `role`, `content`, `conversation_id`, `created_at` ON `messages`
WHEN old.`role` = 'user' OR new.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `conversations_question_au` AFTER UPDATE OF `user_id` ON `conversations` BEGIN
	UPDATE `question_stats` SET `version` = `version` + 1 WHERE `id` = 1;
END;
