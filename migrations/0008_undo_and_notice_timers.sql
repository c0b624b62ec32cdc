CREATE TABLE "notice_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"pending" jsonb NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "undo_requests" (
	"game_id" text PRIMARY KEY NOT NULL,
	"seat" integer NOT NULL,
	"seq" integer NOT NULL,
	"head" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"needs" integer[] NOT NULL,
	"consents" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "undone_actions" (
	"game_id" text NOT NULL,
	"undo" uuid NOT NULL,
	"seq" integer NOT NULL,
	"seat" integer NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"action" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"undone_by" integer NOT NULL,
	"consented_by" integer[] NOT NULL,
	"undone_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "undone_actions_game_id_undo_seq_pk" PRIMARY KEY("game_id","undo","seq")
);
--> statement-breakpoint
ALTER TABLE "undo_requests" ADD CONSTRAINT "undo_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undone_actions" ADD CONSTRAINT "undone_actions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_timers_due_idx" ON "notice_timers" USING btree ("due_at");