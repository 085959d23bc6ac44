-- One search index over what a person may type to find something: a weighted tsvector kept by
-- PostgreSQL itself (a stored generated column, so it changes in the statement that changes the
-- row and is never stale), plus trigram indexes for partial words and typos. Weights: A names and
-- labels in every language, B tags, C descriptions in every language, D the words of the IRI.
-- The 'simple' configuration neither stems nor drops words, so every language is treated alike.
-- The GIN indexes are written at once (fastupdate off): a pending list would make every search
-- scan it until a vacuum, and PGlite runs no autovacuum; writes here are few and small.
-- The columns are left out of the drizzle schema so that ordinary selects never carry them; the
-- queries that use them are in server/modules/search.ts.
ALTER TABLE "profile_components" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "name"), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'prefLabel', '{}'::jsonb), '["string"]'::jsonb), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'activityDefinition' -> 'name', '{}'::jsonb), '["string"]'::jsonb), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("extras" -> 'tags', '[]'::jsonb), '["string"]'::jsonb), 'B')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'definition', '{}'::jsonb), '["string"]'::jsonb), 'C')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'activityDefinition' -> 'description', '{}'::jsonb), '["string"]'::jsonb), 'C')
  || setweight(to_tsvector('simple'::regconfig, regexp_replace("iri", '[^[:alnum:]]+', ' ', 'g')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "profile_components_search_idx" ON "profile_components" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "profile_components_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "profile_versions_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER TABLE "profile_versions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "name"), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, jsonb_path_query_array("translations", '$[*].translationName'::jsonpath), '["string"]'::jsonb), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, "tags", '["string"]'::jsonb), 'B')
  || setweight(to_tsvector('simple'::regconfig, "description"), 'C')
  || setweight(jsonb_to_tsvector('simple'::regconfig, jsonb_path_query_array("translations", '$[*].translationDesc'::jsonpath), '["string"]'::jsonb), 'C')
  || setweight(to_tsvector('simple'::regconfig, regexp_replace("iri", '[^[:alnum:]]+', ' ', 'g')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "profile_versions_search_idx" ON "profile_versions" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
-- A concept's "used by" reads every template: this keeps that to the templates alone.
CREATE INDEX "profile_components_templates_idx" ON "profile_components" ("id") WHERE "kind" = 'template';
