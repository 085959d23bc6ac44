-- A mail lists a person's notifications in the order they were written: created_at ties within
-- the clock's resolution, so each row gets a place in one sequence.
ALTER TABLE "pending_notifications" ADD COLUMN "position" bigserial NOT NULL;