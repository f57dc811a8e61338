CREATE TABLE `pubmed_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`query` text NOT NULL,
	`results` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pubmed_cache_fetched_idx` ON `pubmed_cache` (`fetched_at`);