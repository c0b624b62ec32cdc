CREATE TABLE "actions" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"seat" integer NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"action" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actions_game_id_seq_pk" PRIMARY KEY("game_id","seq"),
	CONSTRAINT "actions_client_id_key" UNIQUE("game_id","seat","client_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"from_seat" integer NOT NULL,
	"to_seat" integer,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_game_id_seq_pk" PRIMARY KEY("game_id","seq"),
	CONSTRAINT "chat_client_id_key" UNIQUE("game_id","from_seat","client_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'lobby' NOT NULL,
	"options" jsonb NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"creator_seat" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"winner" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"name" text,
	"race" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "seats_game_id_seat_pk" PRIMARY KEY("game_id","seat"),
	CONSTRAINT "seats_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snapshots_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_status_idx" ON "games" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_race_key" ON "seats" USING btree ("game_id","race") WHERE "seats"."race" <> 'random';