CREATE TYPE "public"."calendar_connection_kind" AS ENUM('caldav', 'ics');--> statement-breakpoint
CREATE TYPE "public"."calendar_connection_status" AS ENUM('ok', 'error');--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" "calendar_connection_kind" NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password_encrypted" text,
	"status" "calendar_connection_status" DEFAULT 'ok' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_busy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendar_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar_id" uuid NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendar_pushes" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"href" text NOT NULL,
	"etag" text
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"href" text NOT NULL,
	"name" text NOT NULL,
	"writable" boolean DEFAULT false NOT NULL,
	"reads_busy" boolean DEFAULT true NOT NULL,
	"receives_bookings" boolean DEFAULT false NOT NULL,
	"ctag" text,
	"sync_token" text,
	"etag" text,
	"busy_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_object_id_external_calendar_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."external_calendar_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_objects" ADD CONSTRAINT "external_calendar_objects_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_pushes" ADD CONSTRAINT "external_calendar_pushes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_pushes" ADD CONSTRAINT "external_calendar_pushes_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_employee_idx" ON "calendar_connections" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "external_busy_object_idx" ON "external_busy" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "external_busy_employee_span_idx" ON "external_busy" USING gist ("employee_id",tstzrange("starts_at", "ends_at"));--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendar_objects_calendar_href_idx" ON "external_calendar_objects" USING btree ("calendar_id","href");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_connection_href_idx" ON "external_calendars" USING btree ("connection_id","href");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_receiving_idx" ON "external_calendars" USING btree ("connection_id") WHERE receives_bookings;