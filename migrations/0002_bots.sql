CREATE TABLE "bot_drivers" (
	"game_id" text PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "bot" text;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "handed_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_drivers" ADD CONSTRAINT "bot_drivers_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;