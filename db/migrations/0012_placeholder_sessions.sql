CREATE TABLE `placeholder_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`placeholder_id` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`profession` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `placeholder_sessions_expires_idx` ON `placeholder_sessions` (`expires_at`);