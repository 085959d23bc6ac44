CREATE TABLE "profile_version_graphs" (
	"version_id" uuid PRIMARY KEY NOT NULL,
	"format" integer NOT NULL,
	"ntriples" text NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_version_graphs" ADD CONSTRAINT "profile_version_graphs_version_id_profile_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."profile_versions"("id") ON DELETE cascade ON UPDATE no action;