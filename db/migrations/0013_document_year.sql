-- Year of publication of a document, set by an admin or the private document's owner (Edit details); null: unknown.
ALTER TABLE `documents` ADD `year` integer;