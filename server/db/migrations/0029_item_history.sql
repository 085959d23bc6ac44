ALTER TABLE "item_revisions" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "item_revisions" ADD COLUMN "restored_from_id" uuid;--> statement-breakpoint
CREATE INDEX "item_revisions_version_idx" ON "item_revisions" USING btree ("version_id");--> statement-breakpoint
-- The revisions kept so far name the first version that listed them as the one they were saved in.
UPDATE "item_revisions" r SET "version_id" = (
  SELECT v."id" FROM "version_components" vc
  JOIN "profile_versions" v ON v."id" = vc."version_id"
  WHERE vc."revision_id" = r."id"
  ORDER BY v."version" ASC, v."created_at" ASC
  LIMIT 1
);
--> statement-breakpoint
-- Where a published version's revision was saved, and what it restored, are part of it too.
CREATE OR REPLACE FUNCTION "item_revision_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only who last changed it may be forgotten (an account deleted sets it null); nothing else.
  IF TG_OP = 'UPDATE' AND (NEW."id", NEW."item_id", NEW."type", NEW."name", NEW."content", NEW."extras", NEW."created_at", NEW."updated_at", NEW."version_id", NEW."restored_from_id")
    IS NOT DISTINCT FROM (OLD."id", OLD."item_id", OLD."type", OLD."name", OLD."content", OLD."extras", OLD."created_at", OLD."updated_at", OLD."version_id", OLD."restored_from_id") THEN
    RETURN NEW;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "version_components" vc
    JOIN "profile_versions" v ON v."id" = vc."version_id"
    WHERE vc."revision_id" = OLD."id" AND v."state" = 'published'
  ) THEN
    RAISE EXCEPTION 'item revision % is listed by a published version and cannot change', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
