ALTER TABLE "services" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "seat" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_seat_key" ON "appointments" USING btree ("session_id","seat") WHERE "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_customer_key" ON "appointments" USING btree ("session_id","customer_id") WHERE "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_capacity_range" CHECK ("services"."capacity" between 1 and 100);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_seat_of_session" CHECK (("appointments"."session_id" is null) = ("appointments"."seat" is null));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_seat_within_capacity" CHECK ("appointments"."seat" is null or "appointments"."seat" between 1 and "appointments"."capacity");--> statement-breakpoint
-- The seats of one class session (one session_id) may share the employee's held span; anything else still may not.
-- An ordinary appointment has no session, so coalesce(session_id, id) is its own id and overlaps nothing live.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_held_span_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_held_span_no_overlap"
  EXCLUDE USING gist (
    "employee_id" WITH =,
    tstzrange("held_starts_at", "held_ends_at") WITH &&,
    (coalesce("session_id", "id")) WITH <>
  )
  WHERE ("status" IN ('pending', 'confirmed'));
