CREATE TABLE `abbreviations` (
	`document_id` text NOT NULL,
	`short` text NOT NULL,
	`short_term` text NOT NULL,
	`long` text NOT NULL,
	`long_terms` text NOT NULL,
	`lead_terms` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`document_id`, `short_term`, `long_terms`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `abbreviations_short_idx` ON `abbreviations` (`short_term`);--> statement-breakpoint
CREATE INDEX `abbreviations_lead_idx` ON `abbreviations` (`lead_terms`);