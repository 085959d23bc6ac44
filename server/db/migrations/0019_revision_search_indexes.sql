CREATE INDEX "item_revisions_iri_idx" ON "item_revisions" USING btree (("content" ->> 'id'));--> statement-breakpoint
CREATE INDEX "profile_components_published_revision_idx" ON "profile_components" USING btree ("published_revision_id");--> statement-breakpoint
CREATE INDEX "profile_components_latest_revision_idx" ON "profile_components" USING btree ("latest_revision_id");