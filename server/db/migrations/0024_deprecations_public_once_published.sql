-- A deprecation made in a draft is the draft's until it is published: what the public may find
-- is deprecated when the revision it reads (the newest published) says so, no longer when the
-- item merely carries a deprecation a draft made (0021 took either). The function is the same
-- otherwise; the rows are made right for what is stored now.
CREATE OR REPLACE FUNCTION "refresh_searchable_items"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH wanted AS (
    SELECT i."id" AS item_id, i."kind", i."profile_id", r."id" AS revision_id, r."type", r."name",
      r."content" ->> 'id' AS iri,
      coalesce(r."content" -> 'deprecated' = 'true'::jsonb, false) AS deprecated,
      r."updated_at", r."search_vector"
    FROM "profile_components" i
    JOIN "item_revisions" r ON r."id" = i."published_revision_id"
    WHERE i."id" IN (SELECT unnest(ids)) AND i."deleted_at" IS NULL
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
$$;--> statement-breakpoint
SELECT "refresh_searchable_items"(ARRAY(SELECT "item_id" FROM "searchable_items" WHERE "deprecated"));
