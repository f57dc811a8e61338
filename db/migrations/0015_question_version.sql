-- The popular questions are counted over every question ever asked, a scan that grows with the history.
-- These counters let the count be kept and brought up to date: `inserted` grows with each question
-- stored (the new ones are then read alone); `changed` with any question changed or removed (deleting a
-- conversation or an account removes its messages, which fires these triggers too), which means counting
-- again from the start. Writes by any connection or process go through them.
CREATE TABLE `question_stats` (`id` integer PRIMARY KEY NOT NULL, `inserted` integer NOT NULL, `changed` integer NOT NULL);--> statement-breakpoint
INSERT INTO `question_stats` (`id`, `inserted`, `changed`) VALUES (1, 0, 0);--> statement-breakpoint
CREATE TRIGGER `messages_question_ai` AFTER INSERT ON `messages` WHEN new.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `inserted` = `inserted` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_question_ad` AFTER DELETE ON `messages` WHEN old.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `changed` = `changed` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `messages_question_au` AFTER UPDATE OF `role`, `content`, `conversation_id`, `created_at` ON `messages`
WHEN old.`role` = 'user' OR new.`role` = 'user' BEGIN
	UPDATE `question_stats` SET `changed` = `changed` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `conversations_question_au` AFTER UPDATE OF `user_id` ON `conversations` BEGIN
	UPDATE `question_stats` SET `changed` = `changed` + 1 WHERE `id` = 1;
END;
