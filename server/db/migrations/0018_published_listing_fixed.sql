-- What a published version lists is fixed as a whole: no entry may be added to it or taken from
-- it (0015 already refuses pointing an entry at another revision). Entries go only with the
-- version itself (deleting a profile), when the version row is already gone.
CREATE FUNCTION "published_listing_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    target := NEW."version_id";
  ELSE
    target := OLD."version_id";
  END IF;
  IF EXISTS (SELECT 1 FROM "profile_versions" v WHERE v."id" = target AND v."state" = 'published') THEN
    RAISE EXCEPTION 'the items published version % lists are fixed', target
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    RETURN NEW;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "version_components_fixed" BEFORE INSERT OR DELETE ON "version_components"
  FOR EACH ROW EXECUTE FUNCTION "published_listing_fixed"();
