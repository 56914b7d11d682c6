ALTER TYPE "public"."appointment_status" ADD VALUE 'no_show';--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"offset_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_offset_minutes_starts_at_pk" PRIMARY KEY("appointment_id","offset_minutes","starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"employee_id" uuid,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_once_key" UNIQUE NULLS NOT DISTINCT("customer_id","service_id","date","employee_id")
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "reminder_offsets_minutes" integer[] DEFAULT '{1440,120}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A minutes-only addition does not depend on the session time zone (unlike timestamptz + interval in general, which
-- PostgreSQL therefore marks STABLE), so it may be IMMUTABLE and compute the held span's generated columns.
CREATE FUNCTION held_bound(t timestamptz, minutes integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT t + make_interval(mins => minutes) $$;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_starts_at" timestamp with time zone GENERATED ALWAYS AS (held_bound(starts_at, -buffer_before_minutes)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_ends_at" timestamp with time zone GENERATED ALWAYS AS (held_bound(ends_at, buffer_after_minutes)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_entries_service_date_idx" ON "waitlist_entries" USING btree ("service_id","date");--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_reminder_offsets_range" CHECK (cardinality("business_settings"."reminder_offsets_minutes") <= 3 and 5 <= all("business_settings"."reminder_offsets_minutes") and 10080 >= all("business_settings"."reminder_offsets_minutes"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_before_range" CHECK ("services"."buffer_before_minutes" between 0 and 240 and "services"."buffer_before_minutes" % 5 = 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_after_range" CHECK ("services"."buffer_after_minutes" between 0 and 240 and "services"."buffer_after_minutes" % 5 = 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffers_non_negative" CHECK ("appointments"."buffer_before_minutes" >= 0 and "appointments"."buffer_after_minutes" >= 0);--> statement-breakpoint
-- An appointment holds its employee over its held span [start - buffer before, end + buffer after): no two live
-- held spans of one employee overlap, whatever races the application loses.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_held_span_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("held_starts_at", "held_ends_at") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
