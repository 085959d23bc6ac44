-- The IRI limit of every door (2,000 characters of the IRI's URI form, xapi/iri.ts) kept by the
-- database too: an IRI's UTF-8 bytes are never more than its URI form's characters. NOT VALID: a
-- row stored before the limit (a long IRI that compressed into the index) stays readable, and
-- every new or changed row is checked.
ALTER TABLE "profile_versions" ADD CONSTRAINT "profile_versions_iri_length" CHECK (octet_length("profile_versions"."iri") <= 2000) NOT VALID;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_iri_length" CHECK (octet_length("profiles"."iri") <= 2000) NOT VALID;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_iri_length" CHECK (octet_length("profile_components"."iri") <= 2000) NOT VALID;
