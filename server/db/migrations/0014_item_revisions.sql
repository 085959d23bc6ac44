-- An item's identity (IRI, kind, owning profile, and the states it may gain: deprecation details,
-- deletion) stays in profile_components; its content moves to item_revisions, one per version
-- that changed it, and every version lists a revision through version_components.revision_id.
-- Drizzle runs the pending migrations in one transaction, so the data moves all or not at all.
CREATE TABLE "item_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "profile_components" ADD COLUMN "published_revision_id" uuid;--> statement-breakpoint
ALTER TABLE "profile_components" ADD COLUMN "latest_revision_id" uuid;--> statement-breakpoint
ALTER TABLE "version_components" ADD COLUMN "revision_id" uuid;--> statement-breakpoint
-- Every item's stored content becomes a revision with the item's own id: what its drafts list,
-- and what its unpublished and deleted states read.
INSERT INTO "item_revisions" ("id", "item_id", "type", "name", "content", "extras", "created_at", "updated_at", "updated_by")
SELECT "id", "id", "type", "name", "content", "extras", "created_at", "updated_at", "updated_by" FROM "profile_components";
--> statement-breakpoint
UPDATE "version_components" SET "revision_id" = "component_id";
--> statement-breakpoint
-- The stored content is the newest a draft wrote, whatever the published versions froze. Where a
-- published version's document has an own item otherwise, that version lists a revision made from
-- its document: one per item and distinct content, shared by the versions that froze it alike.
CREATE TEMPORARY TABLE "frozen_items" ON COMMIT DROP AS
SELECT vc."version_id", vc."component_id", e.value AS "content", v."published_at"
FROM "version_components" vc
JOIN "profile_versions" v ON v."id" = vc."version_id" AND v."state" = 'published' AND jsonb_typeof(v."snapshot") = 'object'
JOIN "profile_components" p ON p."id" = vc."component_id"
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(v."snapshot" -> (CASE p."kind" WHEN 'concept' THEN 'concepts' WHEN 'template' THEN 'templates' ELSE 'patterns' END)) = 'array'
    THEN v."snapshot" -> (CASE p."kind" WHEN 'concept' THEN 'concepts' WHEN 'template' THEN 'templates' ELSE 'patterns' END)
    ELSE '[]'::jsonb END
) e
WHERE NOT vc."linked" AND e.value ->> 'id' = p."iri" AND e.value IS DISTINCT FROM p."content";
--> statement-breakpoint
CREATE TEMPORARY TABLE "frozen_revisions" ON COMMIT DROP AS
SELECT gen_random_uuid() AS "id", f."component_id", f."content", min(f."published_at") AS "published_at"
FROM "frozen_items" f GROUP BY f."component_id", f."content";
--> statement-breakpoint
INSERT INTO "item_revisions" ("id", "item_id", "type", "name", "content", "extras", "created_at", "updated_at", "updated_by")
SELECT r."id", p."id", p."type", p."name", r."content", p."extras",
  coalesce(r."published_at", p."created_at"), coalesce(r."published_at", p."updated_at"), p."updated_by"
FROM "frozen_revisions" r JOIN "profile_components" p ON p."id" = r."component_id";
--> statement-breakpoint
UPDATE "version_components" vc SET "revision_id" = r."id"
FROM "frozen_items" f JOIN "frozen_revisions" r ON r."component_id" = f."component_id" AND r."content" = f."content"
WHERE vc."version_id" = f."version_id" AND vc."component_id" = f."component_id";
--> statement-breakpoint
-- What the public reads: the revision the newest published version of the item's own profile
-- lists, else the newest published version listing it at all.
UPDATE "profile_components" p SET "published_revision_id" = (
  SELECT vc."revision_id" FROM "version_components" vc
  JOIN "profile_versions" v ON v."id" = vc."version_id" AND v."state" = 'published'
  WHERE vc."component_id" = p."id"
  ORDER BY (v."profile_id" IS NOT DISTINCT FROM p."profile_id") DESC, v."published_at" DESC NULLS LAST, v."version" DESC
  LIMIT 1);
--> statement-breakpoint
-- The newest: the current draft's, else the published one, else the stored content.
UPDATE "profile_components" p SET "latest_revision_id" = coalesce(
  (SELECT vc."revision_id" FROM "version_components" vc
    JOIN "profiles" pr ON pr."current_draft_version_id" = vc."version_id"
    WHERE vc."component_id" = p."id" AND pr."id" = p."profile_id"),
  p."published_revision_id",
  p."id");
--> statement-breakpoint
DELETE FROM "item_revisions" r
WHERE NOT EXISTS (SELECT 1 FROM "version_components" vc WHERE vc."revision_id" = r."id")
  AND NOT EXISTS (SELECT 1 FROM "profile_components" p WHERE p."published_revision_id" = r."id" OR p."latest_revision_id" = r."id");
--> statement-breakpoint
ALTER TABLE "version_components" ALTER COLUMN "revision_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_components" DROP CONSTRAINT "profile_components_updated_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "profile_components_search_idx";--> statement-breakpoint
DROP INDEX "profile_components_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "item_revisions" ADD CONSTRAINT "item_revisions_item_id_profile_components_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."profile_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_revisions" ADD CONSTRAINT "item_revisions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_revisions_item_idx" ON "item_revisions" USING btree ("item_id");--> statement-breakpoint
-- The search index follows the content (see 0011_search_index and 0013): the same weights, the
-- IRI's words read from the document form's id, which is the item's IRI.
ALTER TABLE "item_revisions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "name"), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'prefLabel', '{}'::jsonb), '["string"]'::jsonb), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'activityDefinition' -> 'name', '{}'::jsonb), '["string"]'::jsonb), 'A')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("extras" -> 'tags', '[]'::jsonb), '["string"]'::jsonb), 'B')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'definition', '{}'::jsonb), '["string"]'::jsonb), 'C')
  || setweight(jsonb_to_tsvector('simple'::regconfig, coalesce("content" -> 'activityDefinition' -> 'description', '{}'::jsonb), '["string"]'::jsonb), 'C')
  || setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce("content" ->> 'id', ''), '[^[:alnum:]]+', ' ', 'g')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "item_revisions_search_idx" ON "item_revisions" USING gin ("search_vector") WITH (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
CREATE INDEX "item_revisions_name_trgm_idx" ON "item_revisions" USING gin ("name" gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_published_revision_id_item_revisions_id_fk" FOREIGN KEY ("published_revision_id") REFERENCES "public"."item_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_latest_revision_id_item_revisions_id_fk" FOREIGN KEY ("latest_revision_id") REFERENCES "public"."item_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_components" ADD CONSTRAINT "version_components_revision_id_item_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."item_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "version_components_revision_idx" ON "version_components" USING btree ("revision_id");--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "type";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "extras";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "deprecated";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "profile_components" DROP COLUMN "updated_by";
