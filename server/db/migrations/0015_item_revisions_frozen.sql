-- A revision a published version lists is that version's content for good: the database refuses
-- to change or delete it, whatever the code above it does. A draft changes an item by listing a
-- revision of its own (copy-on-write), never by changing a shared one.
CREATE FUNCTION "item_revision_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only who last changed it may be forgotten (an account deleted sets it null); nothing else.
  IF TG_OP = 'UPDATE' AND (NEW."id", NEW."item_id", NEW."type", NEW."name", NEW."content", NEW."extras", NEW."created_at", NEW."updated_at")
    IS NOT DISTINCT FROM (OLD."id", OLD."item_id", OLD."type", OLD."name", OLD."content", OLD."extras", OLD."created_at", OLD."updated_at") THEN
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
--> statement-breakpoint
CREATE TRIGGER "item_revisions_frozen" BEFORE UPDATE OR DELETE ON "item_revisions"
  FOR EACH ROW EXECUTE FUNCTION "item_revision_frozen"();
--> statement-breakpoint
-- What a published version lists is fixed too: no entry of it may point at another revision.
CREATE FUNCTION "version_listing_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revision_id" IS DISTINCT FROM OLD."revision_id" AND EXISTS (
    SELECT 1 FROM "profile_versions" v WHERE v."id" = OLD."version_id" AND v."state" = 'published'
  ) THEN
    RAISE EXCEPTION 'a published version lists revision % for good', OLD."revision_id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "version_components_frozen" BEFORE UPDATE ON "version_components"
  FOR EACH ROW EXECUTE FUNCTION "version_listing_frozen"();
