ALTER TABLE `chunks` ADD `layout` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `reading` text;