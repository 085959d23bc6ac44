-- The same rows as 0024, found from the ids asked for instead of from everything published.
-- With `IN (SELECT unnest(ids))` the planner guessed ten ids and could walk every item of every
-- published version, comparing each with every id: publishing 1,200 items compared 760,200
-- pairs, and the cost grew with the whole registry, not with what changed. Each distinct id is
-- now looked up by its key (OFFSET 0 keeps the lookup per id whatever the planner guesses;
-- `= ANY (ids)` alone still chose the slow plan on the embedded database's cached plans).
-- Refreshing the 1,200 unchanged items of a published version, 2,434 items stored: PostgreSQL
-- 250-309 ms before, 16-22 ms after; every item at once 763-1,181 ms before, 35-37 ms after.
-- On the embedded database, 3,634 items: 27-486 ms before, 23-37 ms after; every item at once
-- 185-7,172 ms before, 79-151 ms after.
CREATE OR REPLACE FUNCTION "refresh_searchable_items"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH wanted AS (
    SELECT i."id" AS item_id, i."kind", i."profile_id", r."id" AS revision_id, r."type", r."name",
      r."content" ->> 'id' AS iri,
      coalesce(r."content" -> 'deprecated' = 'true'::jsonb, false) AS deprecated,
      r."updated_at", r."search_vector"
    FROM (SELECT DISTINCT unnest(ids) AS id) a
    CROSS JOIN LATERAL (SELECT * FROM "profile_components" c WHERE c."id" = a.id OFFSET 0) i
    JOIN "item_revisions" r ON r."id" = i."published_revision_id"
    WHERE i."deleted_at" IS NULL
      AND EXISTS (SELECT 1 FROM "version_components" e
                  JOIN "profile_versions" v ON v."id" = e."version_id"
                  WHERE e."component_id" = i."id" AND v."state" = 'published')
  ), gone AS (
    DELETE FROM "searchable_items" s
    WHERE s."item_id" IN (SELECT unnest(ids))
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.item_id = s."item_id")
  )
  INSERT INTO "searchable_items" AS s ("item_id", "kind", "profile_id", "revision_id", "type", "name",
    "iri", "deprecated", "updated_at", "search_vector")
  SELECT * FROM wanted
  ON CONFLICT ("item_id") DO UPDATE SET "kind" = excluded."kind", "profile_id" = excluded."profile_id",
    "revision_id" = excluded."revision_id", "type" = excluded."type", "name" = excluded."name",
    "iri" = excluded."iri", "deprecated" = excluded."deprecated", "updated_at" = excluded."updated_at",
    "search_vector" = excluded."search_vector"
  WHERE (s."kind", s."profile_id", s."revision_id", s."type", s."name", s."iri", s."deprecated", s."updated_at", s."search_vector")
    IS DISTINCT FROM (excluded."kind", excluded."profile_id", excluded."revision_id", excluded."type", excluded."name",
      excluded."iri", excluded."deprecated", excluded."updated_at", excluded."search_vector");
$$;
