-- What changed in `chunk_vectors`, for the binary codes vector search keeps in memory
-- (app/lib/search/vector.server.ts), possibly in another process than the one writing:
-- `vectors_high` is the highest chunk id given a vector so far. Chunk ids only grow (AUTOINCREMENT), so a
-- vector for a higher id is an append, which the codes in memory follow by reading the rows above the id
-- they have. Anything else — a vector deleted, or one stored for a chunk id at or below `vectors_high`
-- (replaced, or added to an older chunk) — bumps `vectors_version`, and the codes are reloaded.
ALTER TABLE `search_stats` ADD `vectors_version` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `search_stats` ADD `vectors_high` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE `search_stats` SET `vectors_high` = coalesce((SELECT max(`chunk_id`) FROM `chunk_vectors`), 0) WHERE `id` = 1;
--> statement-breakpoint
CREATE TRIGGER `chunk_vectors_search_ai` AFTER INSERT ON `chunk_vectors` BEGIN
	UPDATE `search_stats` SET `vectors_version` = `vectors_version` + (new.`chunk_id` <= `vectors_high`),
		`vectors_high` = max(`vectors_high`, new.`chunk_id`) WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `chunk_vectors_search_ad` AFTER DELETE ON `chunk_vectors` BEGIN
	UPDATE `search_stats` SET `vectors_version` = `vectors_version` + 1 WHERE `id` = 1;
END;
