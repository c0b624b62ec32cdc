ALTER TABLE "games" ADD COLUMN "winners" jsonb;--> statement-breakpoint
UPDATE "games" SET "winners" = jsonb_build_array("winner") WHERE "status" = 'over' AND jsonb_typeof("winner") = 'number';
