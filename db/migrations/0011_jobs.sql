CREATE TYPE "public"."job_status" AS ENUM('pending', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_unique_key_idx" ON "jobs" USING btree ("unique_key") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
-- Mail queued before this version moves into jobs as it stood: pending mail is still sent, sent and failed
-- mail keeps its history.
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "last_error", "created_at", "finished_at")
SELECT 'mail',
	jsonb_strip_nulls(jsonb_build_object('to', "to_address", 'subject', "subject", 'text', "text_body", 'icalEvent', "ical_event")),
	CASE "status" WHEN 'sent' THEN 'done' WHEN 'failed' THEN 'failed' ELSE 'pending' END::"job_status",
	"next_attempt_at", "attempts", "last_error", "created_at", "sent_at"
FROM "mail_outbox";--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
DROP TYPE "public"."mail_status";
