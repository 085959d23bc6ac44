-- Published is a one-way state in the database itself, and everything a published version
-- serves is fixed with it, whatever the code above does (0015 and 0018 already fix the revisions
-- it lists and its entries). A published version's row may gain a verification decision (and
-- with it a later updated_at, its Last-Modified) and forget who made or asked for it (an account
-- deleted); nothing else of it changes, and it goes only with its profile.
CREATE FUNCTION "published_version_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      NEW."language", NEW."translations", NEW."more_information", NEW."tags", NEW."author",
      NEW."generated_at", NEW."revision_of", NEW."snapshot", NEW."published_at", NEW."created_at")
    IS DISTINCT FROM
     (OLD."id", OLD."profile_id", OLD."version", OLD."iri", OLD."name", OLD."description",
      OLD."language", OLD."translations", OLD."more_information", OLD."tags", OLD."author",
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
--> statement-breakpoint
CREATE TRIGGER "profile_versions_published_fixed" BEFORE UPDATE OR DELETE ON "profile_versions"
  FOR EACH ROW EXECUTE FUNCTION "published_version_fixed"();
--> statement-breakpoint
-- No part of a published version's entry may change: which item, which revision, where, linked.
CREATE OR REPLACE FUNCTION "version_listing_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."version_id", NEW."component_id", NEW."revision_id", NEW."position", NEW."linked")
    IS DISTINCT FROM (OLD."version_id", OLD."component_id", OLD."revision_id", OLD."position", OLD."linked")
    AND EXISTS (
      SELECT 1 FROM "profile_versions" v WHERE v."id" = OLD."version_id" AND v."state" = 'published'
    ) THEN
    RAISE EXCEPTION 'a published version lists revision % for good', OLD."revision_id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A published version's graph (its SPARQL data) is written once; only a newer conversion of the
-- same document (a higher format) replaces it, and it goes only with its version.
CREATE FUNCTION "version_graph_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."version_id" IS DISTINCT FROM OLD."version_id" OR NEW."format" <= OLD."format" THEN
      RAISE EXCEPTION 'the graph of published version % is replaced only by a newer conversion', OLD."version_id"
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM "profile_versions" v WHERE v."id" = OLD."version_id" AND v."state" = 'published') THEN
    RAISE EXCEPTION 'the graph of published version % goes only with it', OLD."version_id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profile_version_graphs_fixed" BEFORE UPDATE OR DELETE ON "profile_version_graphs"
  FOR EACH ROW EXECUTE FUNCTION "version_graph_fixed"();
--> statement-breakpoint
-- A profile that has published keeps its IRI and a published current version.
CREATE FUNCTION "published_profile_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."current_published_version_id" IS NULL THEN RETURN NEW; END IF;
  IF NEW."iri" IS DISTINCT FROM OLD."iri" THEN
    RAISE EXCEPTION 'the IRI of published profile % is permanent', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW."current_published_version_id" IS DISTINCT FROM OLD."current_published_version_id"
    AND NOT EXISTS (SELECT 1 FROM "profile_versions" v
      WHERE v."id" = NEW."current_published_version_id" AND v."profile_id" = OLD."id"
        AND v."state" = 'published') THEN
    RAISE EXCEPTION 'profile % can only point at a published version of its own', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_published_fixed" BEFORE UPDATE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "published_profile_fixed"();
--> statement-breakpoint
-- An item a published version lists keeps its IRI and kind.
CREATE FUNCTION "published_item_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."iri", NEW."kind") IS DISTINCT FROM (OLD."iri", OLD."kind") AND EXISTS (
    SELECT 1 FROM "version_components" vc JOIN "profile_versions" v ON v."id" = vc."version_id"
    WHERE vc."component_id" = OLD."id" AND v."state" = 'published'
  ) THEN
    RAISE EXCEPTION 'item % is listed by a published version and keeps its IRI and kind', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profile_components_published_fixed" BEFORE UPDATE ON "profile_components"
  FOR EACH ROW EXECUTE FUNCTION "published_item_fixed"();
--> statement-breakpoint
-- Row triggers do not see TRUNCATE: it is refused outright on what published versions are made
-- of while any exists (a profile goes row by row, through its deletion).
CREATE FUNCTION "published_tables_not_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "profile_versions" WHERE "state" = 'published') THEN
    RAISE EXCEPTION 'published versions hold rows of %; delete their profiles instead', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_not_truncated" BEFORE TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
--> statement-breakpoint
CREATE TRIGGER "profile_versions_not_truncated" BEFORE TRUNCATE ON "profile_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
--> statement-breakpoint
CREATE TRIGGER "version_components_not_truncated" BEFORE TRUNCATE ON "version_components"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
--> statement-breakpoint
CREATE TRIGGER "item_revisions_not_truncated" BEFORE TRUNCATE ON "item_revisions"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
--> statement-breakpoint
CREATE TRIGGER "profile_components_not_truncated" BEFORE TRUNCATE ON "profile_components"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
--> statement-breakpoint
CREATE TRIGGER "profile_version_graphs_not_truncated" BEFORE TRUNCATE ON "profile_version_graphs"
  FOR EACH STATEMENT EXECUTE FUNCTION "published_tables_not_truncated"();
