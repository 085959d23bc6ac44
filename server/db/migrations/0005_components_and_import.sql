CREATE TABLE "api_key_counters" (
	"key_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_counters_key_id_counter_day_pk" PRIMARY KEY("key_id","counter","day")
);
--> statement-breakpoint
CREATE TABLE "profile_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"iri" text NOT NULL,
	"profile_id" uuid,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"deprecated" boolean DEFAULT false NOT NULL,
	"deprecation_reason" text,
	"deprecation_link" text,
	"deprecated_by" uuid,
	"deprecated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "profile_components_iri_unique" UNIQUE("iri")
);
--> statement-breakpoint
CREATE TABLE "version_components" (
	"version_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"linked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "version_components_version_id_component_id_pk" PRIMARY KEY("version_id","component_id")
);
--> statement-breakpoint
ALTER TABLE "profile_versions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD COLUMN "author" jsonb;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD COLUMN "generated_at" text;--> statement-breakpoint
ALTER TABLE "profile_versions" ADD COLUMN "revision_of" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "prior_versions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key_counters" ADD CONSTRAINT "api_key_counters_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_deprecated_by_users_id_fk" FOREIGN KEY ("deprecated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_components" ADD CONSTRAINT "profile_components_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_components" ADD CONSTRAINT "version_components_version_id_profile_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."profile_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_components" ADD CONSTRAINT "version_components_component_id_profile_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."profile_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_components_profile_idx" ON "profile_components" USING btree ("profile_id","kind");--> statement-breakpoint
CREATE INDEX "profile_components_name_trgm_idx" ON "profile_components" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "version_components_component_idx" ON "version_components" USING btree ("component_id");