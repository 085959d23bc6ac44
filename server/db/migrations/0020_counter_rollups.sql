CREATE TABLE "counter_rollup_runs" (
	"window_days" integer NOT NULL,
	"through_day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_rollup_runs_window_days_through_day_pk" PRIMARY KEY("window_days","through_day")
);
--> statement-breakpoint
CREATE TABLE "profile_counter_rollups" (
	"window_days" integer NOT NULL,
	"through_day" date NOT NULL,
	"profile_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "profile_counter_rollups_window_days_through_day_counter_profile_id_pk" PRIMARY KEY("window_days","through_day","counter","profile_id")
);
--> statement-breakpoint
ALTER TABLE "profile_counter_rollups" ADD CONSTRAINT "profile_counter_rollups_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_counters_day_idx" ON "profile_counters" USING btree ("day","counter");