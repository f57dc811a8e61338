-- What search may show changes when a document's status does (an upload completing, or failing), not only
-- when chunks are written: bump the index version then too, so caches keyed on it (document frequencies,
-- the knowledge base's abbreviation definitions) are read again.
CREATE TRIGGER `documents_visibility_au` AFTER UPDATE OF `processing_status`, `owner_id` ON `documents`
WHEN old.`processing_status` IS NOT new.`processing_status` OR old.`owner_id` IS NOT new.`owner_id` BEGIN
	UPDATE `search_stats` SET `version` = `version` + 1 WHERE `id` = 1;
END;
