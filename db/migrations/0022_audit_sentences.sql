ALTER TABLE "audit_log" ADD COLUMN "summary_template" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary_values" jsonb;