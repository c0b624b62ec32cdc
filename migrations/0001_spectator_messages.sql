CREATE TABLE "spectator_messages" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spectator_messages_game_id_seq_pk" PRIMARY KEY("game_id","seq"),
	CONSTRAINT "spectator_client_id_key" UNIQUE("game_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "spectator_messages" ADD CONSTRAINT "spectator_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;