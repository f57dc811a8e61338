-- Which version of the tokenizer (app/lib/search/tokenize.ts and its spelling rules) wrote the terms in
-- `chunks_fts`. Indexes written before versions were kept are version 1; at start, an index of another
-- version than the running code's is rebuilt from `chunks`, so queries and index always agree.
ALTER TABLE `search_stats` ADD `analyzer` integer NOT NULL DEFAULT 1;
