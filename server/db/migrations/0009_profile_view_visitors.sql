CREATE TABLE "profile_view_visitors" (
	"day" date NOT NULL,
	"profile_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "profile_view_visitors_day_profile_id_visitor_pk" PRIMARY KEY("day","profile_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "profile_view_visitors" ADD CONSTRAINT "profile_view_visitors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_view_visitors_profile_idx" ON "profile_view_visitors" USING btree ("profile_id");