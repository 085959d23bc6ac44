CREATE TABLE "profile_counters" (
	"profile_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_counters_profile_id_counter_day_pk" PRIMARY KEY("profile_id","counter","day")
);
--> statement-breakpoint
CREATE TABLE "profile_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"iri" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"more_information" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_requested_at" timestamp with time zone,
	"verification_requested_by" uuid,
	"verification_decided_at" timestamp with time zone,
	"verification_deny_reason" text,
	"snapshot" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "profile_versions_number_key" UNIQUE("profile_id","version"),
	CONSTRAINT "profile_versions_iri_key" UNIQUE("iri")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iri" text NOT NULL,
	"iri_type" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"current_published_version_id" uuid,
	"current_draft_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "profiles_iri_unique" UNIQUE("iri")
);
--> statement-breakpoint
ALTER TABLE "profile_counters" ADD CONSTRAINT "profile_counters_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD CONSTRAINT "profile_versions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD CONSTRAINT "profile_versions_verification_requested_by_users_id_fk" FOREIGN KEY ("verification_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD CONSTRAINT "profile_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_versions_verification_idx" ON "profile_versions" USING btree ("verification_requested_at");--> statement-breakpoint
CREATE INDEX "profile_versions_name_trgm_idx" ON "profile_versions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_organization_idx" ON "profiles" USING btree ("organization_id");