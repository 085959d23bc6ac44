-- An import writes hundreds or thousands of items in one statement. With the item GIN indexes
-- written at once (fastupdate off, 0011), each row's trigrams and lexemes went into the index one
-- by one, which was most of an import's time. A pending list bounded at 64 kB takes the rows as
-- they come and merges them in sorted batches whenever it fills: the same entries for a fraction
-- of the work, and a search never scans more than 64 kB of pending entries, with or without a
-- vacuum (PGlite runs none).
ALTER INDEX "profile_components_search_idx" SET (fastupdate = on, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "profile_components_name_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);
