-- Search index over `chunks` (app/lib/search). Virtual tables cannot take part in foreign keys, so
-- triggers keep them in step: deleting a chunk (directly, or by cascade when its document is deleted)
-- removes its full-text row and updates the corpus statistics; deleting a chunk's vector (cascade from
-- the chunk) removes its binary code through the per-dimension trigger created with that index.

-- Full-text index of chunks: three fields (document title + authors, heading trail, chunk text).
-- The text arrives already tokenized by app/lib/search/tokenize.ts (normalised, stemmed, space-separated),
-- so the `ascii` tokenizer only splits on spaces ('.' kept inside decimal numbers such as 0.1).
-- Contentless: the text lives once, in `chunks`; contentless_delete=1 still allows deleting by rowid.
-- detail=full: in a contentless table bm25() takes term frequencies from the positions; with
-- detail=column or none it has nothing to count and scores every row 0 (measured).
CREATE VIRTUAL TABLE `chunks_fts` USING fts5(title, heading, body, content='', contentless_delete=1, detail=full, tokenize="ascii tokenchars '.'");
--> statement-breakpoint
-- Document frequency of a term, read per query term to choose which terms generate candidates.
CREATE VIRTUAL TABLE `chunks_fts_vocab` USING fts5vocab(chunks_fts, 'row');
--> statement-breakpoint
-- Corpus statistics for BM25 (number of chunks, total tokens for the average length), and a version
-- that changes with every indexed or removed chunk (caches of document frequencies key on it).
CREATE TABLE `search_stats` (
	`id` integer PRIMARY KEY CHECK (`id` = 1),
	`chunks` integer NOT NULL,
	`tokens` integer NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_stats` (`id`, `chunks`, `tokens`, `version`) VALUES (1, 0, 0, 0);
--> statement-breakpoint
CREATE TRIGGER `chunks_search_ai` AFTER INSERT ON `chunks` BEGIN
	UPDATE `search_stats` SET `chunks` = `chunks` + 1, `tokens` = `tokens` + new.`token_count`, `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_search_ad` AFTER DELETE ON `chunks` BEGIN
	DELETE FROM `chunks_fts` WHERE `rowid` = old.`id`;
	UPDATE `search_stats` SET `chunks` = `chunks` - 1, `tokens` = `tokens` - old.`token_count`, `version` = `version` + 1 WHERE `id` = 1;
END;
