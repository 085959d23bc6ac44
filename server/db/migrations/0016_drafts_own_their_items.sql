-- A draft owns the items first created in it: deleting the draft removes them (their IRIs are
-- free again), and whatever else of its profile no version lists any more waits in Deleted Items.
ALTER TABLE "profile_components" ADD COLUMN "created_in_version_id" uuid;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_created_in_version_id_profile_versions_id_fk" FOREIGN KEY ("created_in_version_id") REFERENCES "public"."profile_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_components_created_in_idx" ON "profile_components" USING btree ("created_in_version_id");--> statement-breakpoint
-- Items stored before: one only a profile's current draft lists, never published, is taken as
-- first created in that draft.
UPDATE "profile_components" p SET "created_in_version_id" = pr."current_draft_version_id"
FROM "profiles" pr
WHERE pr."id" = p."profile_id" AND pr."current_draft_version_id" IS NOT NULL
  AND p."published_revision_id" IS NULL
  AND EXISTS (SELECT 1 FROM "version_components" vc
    WHERE vc."component_id" = p."id" AND vc."version_id" = pr."current_draft_version_id")
  AND NOT EXISTS (SELECT 1 FROM "version_components" vc
    WHERE vc."component_id" = p."id" AND vc."version_id" <> pr."current_draft_version_id");
--> statement-breakpoint
-- Items a deleted draft left behind held their IRIs where nobody could see them: they wait in
-- Deleted Items from now on.
UPDATE "profile_components" p SET "deleted_at" = now()
WHERE p."profile_id" IS NOT NULL AND p."deleted_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "version_components" vc WHERE vc."component_id" = p."id");
