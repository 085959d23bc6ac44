-- What the site search may find, kept where its index query reads it: one row per item the
-- public may read (not deleted, listed by some published version) with the revision it reads (the
-- newest published) and what a search filters and ranks on, copied from that revision. A search
-- then ranks rows of one narrow table and joins the rest for the rows of its page only, instead of
-- reading every hit's revision and checking which published versions list it.
-- Triggers keep it in the statement that changes what it depends on (publishing a version,
-- deleting, restoring or deprecating an item, deleting a profile), so it is never stale after a
-- response and no command has to remember it; the migration fills it for existing data.
CREATE TABLE "searchable_items" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"profile_id" uuid,
	"revision_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"iri" text,
	"deprecated" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "searchable_items" ADD CONSTRAINT "searchable_items_item_id_profile_components_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."profile_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searchable_items" ADD CONSTRAINT "searchable_items_revision_id_item_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."item_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A copy of the revision's weighted vector (0014), left out of the drizzle schema like it.
ALTER TABLE "searchable_items" ADD COLUMN "search_vector" tsvector NOT NULL;--> statement-breakpoint
-- Makes the rows of the given items what the tables say now: the one rule of what the public may
-- find, in one place. A row that would not change is not written.
CREATE FUNCTION "refresh_searchable_items"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH wanted AS (
    SELECT i."id" AS item_id, i."kind", i."profile_id", r."id" AS revision_id, r."type", r."name",
      r."content" ->> 'id' AS iri,
      (coalesce(r."content" -> 'deprecated' = 'true'::jsonb, false) OR i."deprecated_at" IS NOT NULL) AS deprecated,
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
-- An item gains a published revision, is deleted or restored, deprecated, or loses its profile.
CREATE FUNCTION "searchable_items_item_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_searchable_items"(ARRAY(SELECT n."id" FROM new_rows n WHERE n."published_revision_id" IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "searchable_items_item_inserted" AFTER INSERT ON "profile_components"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_item_inserted"();--> statement-breakpoint
CREATE FUNCTION "searchable_items_item_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_searchable_items"(ARRAY(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."kind", n."profile_id", n."published_revision_id", n."deprecated_at", n."deleted_at")
      IS DISTINCT FROM (o."kind", o."profile_id", o."published_revision_id", o."deprecated_at", o."deleted_at")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "searchable_items_item_updated" AFTER UPDATE ON "profile_components"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_item_updated"();--> statement-breakpoint
-- A version starts or stops listing an item (entries of a published version go only with it).
CREATE FUNCTION "searchable_items_entries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_searchable_items"(ARRAY(SELECT DISTINCT e."component_id" FROM entries e));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "searchable_items_entries_inserted" AFTER INSERT ON "version_components"
  REFERENCING NEW TABLE AS entries FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_entries_changed"();--> statement-breakpoint
CREATE TRIGGER "searchable_items_entries_deleted" AFTER DELETE ON "version_components"
  REFERENCING OLD TABLE AS entries FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_entries_changed"();--> statement-breakpoint
-- A version is published: what it lists becomes public.
CREATE FUNCTION "searchable_items_version_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_searchable_items"(ARRAY(
    SELECT DISTINCT e."component_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    JOIN "version_components" e ON e."version_id" = n."id"
    WHERE n."state" IS DISTINCT FROM o."state"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "searchable_items_version_updated" AFTER UPDATE ON "profile_versions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_version_updated"();--> statement-breakpoint
-- A revision changes (only one no published version lists may): the items that read it.
CREATE FUNCTION "searchable_items_revision_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_searchable_items"(ARRAY(
    SELECT i."id" FROM new_rows n JOIN "profile_components" i ON i."published_revision_id" = n."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "searchable_items_revision_updated" AFTER UPDATE ON "item_revisions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "searchable_items_revision_updated"();--> statement-breakpoint
-- What the public may find today, filled before the indexes are built (much faster than
-- adding rows to them one by one).
SELECT "refresh_searchable_items"(ARRAY(SELECT "id" FROM "profile_components" WHERE "published_revision_id" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "searchable_items_name_trgm_idx" ON "searchable_items" USING gin ("name" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
CREATE INDEX "searchable_items_iri_idx" ON "searchable_items" USING btree ("iri");--> statement-breakpoint
CREATE INDEX "searchable_items_kind_updated_idx" ON "searchable_items" USING btree ("kind","updated_at" DESC NULLS LAST,"item_id");--> statement-breakpoint
CREATE INDEX "searchable_items_search_idx" ON "searchable_items" USING gin ("search_vector") WITH (fastupdate = on, gin_pending_list_limit = 64);
