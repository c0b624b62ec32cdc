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
CREATE INDEX "notice_timers_due_idx" ON "notice_timers" USING btree ("due_at");