CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of names the site search may find, for correcting a typed word that finds nothing:
-- the 'simple' parser's words (lower case, as a search splits what is typed), 3 to 64 characters.
-- Words are only ever added: a stale one leads to a corrected search that finds nothing.
CREATE FUNCTION "add_search_words"(names text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM unnest(names) AS n, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, n))) AS w
  WHERE length(w) BETWEEN 3 AND 64
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_of_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_search_words"(ARRAY(SELECT n."name" FROM new_rows n));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "search_words_items_inserted" AFTER INSERT ON "searchable_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_items"();--> statement-breakpoint
CREATE TRIGGER "search_words_items_updated" AFTER UPDATE ON "searchable_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_items"();--> statement-breakpoint
CREATE FUNCTION "search_words_of_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_search_words"(ARRAY(SELECT n."name" FROM new_rows n WHERE n."state" = 'published'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "search_words_versions_inserted" AFTER INSERT ON "profile_versions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_versions"();--> statement-breakpoint
CREATE TRIGGER "search_words_versions_updated" AFTER UPDATE ON "profile_versions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_versions"();--> statement-breakpoint
SELECT "add_search_words"(ARRAY(SELECT "name" FROM "searchable_items"));--> statement-breakpoint
SELECT "add_search_words"(ARRAY(SELECT "name" FROM "profile_versions" WHERE "state" = 'published'));
