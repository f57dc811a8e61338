CREATE TABLE `chunk_vectors` (
	`chunk_id` integer PRIMARY KEY NOT NULL,
	`embedder_id` text NOT NULL,
	`dimensions` integer NOT NULL,
	`embedding` blob NOT NULL,
	FOREIGN KEY (`chunk_id`) REFERENCES `chunks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chunk_vectors_embedder_idx` ON `chunk_vectors` (`embedder_id`);--> statement-breakpoint
CREATE TABLE `chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`chunk_index` integer NOT NULL,
	`page_start` integer NOT NULL,
	`page_end` integer NOT NULL,
	`pages` text NOT NULL,
	`page_label` text,
	`heading` text,
	`text` text NOT NULL,
	`word_count` integer NOT NULL,
	`token_count` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chunks_document_idx` ON `chunks` (`document_id`,`chunk_index`);