-- The properties of a profile document's top level that the model does not know (custom IRIs and
-- others an import brought) are kept with the version, so that its document carries them; a
-- published version's are fixed with the rest of it.
ALTER TABLE "profile_versions" ADD COLUMN "extras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "published_version_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."state" IS DISTINCT FROM 'published' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- Deleting the profile deletes its versions after the profile's own row is gone.
    IF EXISTS (SELECT 1 FROM "profiles" p WHERE p."id" = OLD."profile_id") THEN
      RAISE EXCEPTION 'published version % goes only with its profile', OLD."id"
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW."state" IS DISTINCT FROM 'published' THEN
    RAISE EXCEPTION 'published version % cannot become a draft again', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW."id", NEW."profile_id", NEW."version", NEW."iri", NEW."name", NEW."description",
      NEW."language", NEW."translations", NEW."more_information", NEW."tags", NEW."author", NEW."extras",
      NEW."generated_at", NEW."revision_of", NEW."snapshot", NEW."published_at", NEW."created_at")
    IS DISTINCT FROM
     (OLD."id", OLD."profile_id", OLD."version", OLD."iri", OLD."name", OLD."description",
      OLD."language", OLD."translations", OLD."more_information", OLD."tags", OLD."author", OLD."extras",
      OLD."generated_at", OLD."revision_of", OLD."snapshot", OLD."published_at", OLD."created_at")
  THEN
    RAISE EXCEPTION 'published version % cannot change', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW."created_by" IS DISTINCT FROM OLD."created_by" AND NEW."created_by" IS NOT NULL)
    OR (NEW."updated_by" IS DISTINCT FROM OLD."updated_by" AND NEW."updated_by" IS NOT NULL) THEN
    RAISE EXCEPTION 'who made published version % can only be forgotten', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
