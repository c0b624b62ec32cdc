-- Private chat belongs to the holder of a seat, not to the seat number: every seat gets a holding
-- id that changes with each holder, and each message names the holdings it was between.
ALTER TABLE "seats" ADD COLUMN "holding" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_client_id_key";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "from_holding" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "to_holding" uuid;--> statement-breakpoint
-- A stored message belongs to a seat's present holder only if it was sent after that holder took
-- the seat; an older one belonged to someone who left, and goes to a holding nobody has.
UPDATE "chat_messages" AS m SET
	"from_holding" = coalesce((
		SELECT s."holding" FROM "seats" AS s
		WHERE s."game_id" = m."game_id" AND s."seat" = m."from_seat"
			AND s."claimed_at" IS NOT NULL AND s."claimed_at" <= m."created_at"
	), gen_random_uuid()),
	"to_holding" = CASE WHEN m."to_seat" IS NULL THEN NULL ELSE coalesce((
		SELECT s."holding" FROM "seats" AS s
		WHERE s."game_id" = m."game_id" AND s."seat" = m."to_seat"
			AND s."claimed_at" IS NOT NULL AND s."claimed_at" <= m."created_at"
	), gen_random_uuid()) END;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "from_holding" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_client_id_key" UNIQUE("game_id","from_holding","client_id");
--> statement-breakpoint
-- The rules (RULES_VERSION) that replay the actions after each snapshot; every stored game so far
-- was played under version 1.
ALTER TABLE "snapshots" ADD COLUMN "rules_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Each seat's share of the dice (docs/fair-dice.md); games started before it have none.
ALTER TABLE "seats" ADD COLUMN "entropy_commitment" text;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "entropy" text;
