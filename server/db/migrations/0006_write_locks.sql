CREATE TABLE "write_locks" (
	"resource" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "write_locks" ADD CONSTRAINT "write_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "write_locks_user_idx" ON "write_locks" USING btree ("user_id");