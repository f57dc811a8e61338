ALTER TABLE `users` ADD `created_by_bootstrap` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- Every sign-up (form or single sign-on) logs a 'registration'; the admin bootstrap never did. So an admin
-- with no registration is the bootstrap's own account, and one with a registration got admin only because
-- its e-mail matched ADMIN_EMAIL, which no longer grants anything.
UPDATE `users` SET `created_by_bootstrap` = true WHERE `role` = 'admin' AND `id` NOT IN (SELECT `user_id` FROM `auth_logs` WHERE `action` = 'registration' AND `user_id` IS NOT NULL);
--> statement-breakpoint
UPDATE `users` SET `role` = 'user' WHERE `role` = 'admin' AND `created_by_bootstrap` = false;
