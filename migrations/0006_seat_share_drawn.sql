-- Which seats' shares of the dice the server drew (a bot's, a seat taken without a commitment), so
-- that a seat change after a reveal voids exactly the shares the players revealed. A bot's share
-- was always drawn; a person's stored before this column is taken as revealed.
ALTER TABLE "seats" ADD COLUMN "entropy_drawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "seats" SET "entropy_drawn" = true WHERE "bot" IS NOT NULL AND "entropy" IS NOT NULL;
