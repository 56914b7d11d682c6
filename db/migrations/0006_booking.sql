CREATE TABLE "availability_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"is_available" boolean NOT NULL,
	"start_time" time,
	"end_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_overrides_window" CHECK (not "availability_overrides"."is_available" or ("availability_overrides"."start_time" is not null and "availability_overrides"."end_time" is not null and "availability_overrides"."end_time" > "availability_overrides"."start_time"))
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "booking_notice_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "booking_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "cancellation_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_event" text;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_overrides_employee_date_idx" ON "availability_overrides" USING btree ("employee_id","date");--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_booking_notice_range" CHECK ("business_settings"."booking_notice_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_booking_window_range" CHECK ("business_settings"."booking_window_days" >= 1);--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_cancellation_notice_range" CHECK ("business_settings"."cancellation_notice_hours" >= 0);