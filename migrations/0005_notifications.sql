CREATE TABLE "game_pauses" (
	"game_id" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone,
	"votes" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_targets" (
	"game_id" text NOT NULL,
	"seat" integer,
	"webhook_url" text,
	"email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_targets_seat_key" UNIQUE NULLS NOT DISTINCT("game_id","seat")
);
--> statement-breakpoint
CREATE TABLE "owed_notices" (
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"signature" text NOT NULL,
	"seq" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owed_notices_game_id_seat_pk" PRIMARY KEY("game_id","seat")
);
--> statement-breakpoint
CREATE TABLE "turn_clocks" (
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"bank_ms" bigint NOT NULL,
	"running_since" timestamp with time zone,
	"expired" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "turn_clocks_game_id_seat_pk" PRIMARY KEY("game_id","seat")
);
--> statement-breakpoint
ALTER TABLE "game_pauses" ADD CONSTRAINT "game_pauses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_targets" ADD CONSTRAINT "notification_targets_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_notices" ADD CONSTRAINT "owed_notices_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_clocks" ADD CONSTRAINT "turn_clocks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;