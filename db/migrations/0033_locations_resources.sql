CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"address" text DEFAULT '' NOT NULL,
	"time_zone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_name_not_blank" CHECK ("locations"."name" is null or length(trim("locations"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_quantity_range" CHECK ("resources"."quantity" between 1 and 50),
	CONSTRAINT "resources_name_not_blank" CHECK (length(trim("resources"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "service_locations" (
	"service_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "service_locations_service_id_location_id_pk" PRIMARY KEY("service_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "service_resources" (
	"service_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	CONSTRAINT "service_resources_service_id_resource_id_pk" PRIMARY KEY("service_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "resource_holds" (
	"appointment_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"unit" integer NOT NULL,
	"session_key" uuid NOT NULL,
	"held_starts_at" timestamp with time zone NOT NULL,
	"held_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_holds_appointment_id_resource_id_pk" PRIMARY KEY("appointment_id","resource_id"),
	CONSTRAINT "resource_holds_unit_positive" CHECK ("resource_holds"."unit" >= 1)
);
--> statement-breakpoint
-- The business's first location: existing hours, overrides and appointments belong to it. Its name and time zone
-- are null, which means "the business's" (business_settings), so a one-location business sees no change.
INSERT INTO "locations" ("name", "address", "time_zone", "position") VALUES (NULL, '', NULL, 0);--> statement-breakpoint
CREATE FUNCTION first_location_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN (SELECT "id" FROM "locations" ORDER BY "position", "created_at", "id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "location_id" uuid DEFAULT first_location_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD COLUMN "location_id" uuid DEFAULT first_location_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "location_id" uuid DEFAULT first_location_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_locations" ADD CONSTRAINT "service_locations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_locations" ADD CONSTRAINT "service_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_order_idx" ON "locations" USING btree ("position","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_location_idx" ON "resources" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set default ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Two holds of one unit of a resource at once are impossible, except the seats of one class session, which share it.
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_no_overlap"
  EXCLUDE USING gist (
    "resource_id" WITH =,
    "unit" WITH =,
    tstzrange("held_starts_at", "held_ends_at") WITH &&,
    "session_key" WITH <>
  );--> statement-breakpoint
-- A live appointment holds one unit of each resource its service needs at its location, over its held span. The
-- trigger keeps the holds in step with every write of an appointment (booking, move, cancellation, revival), so no
-- write path can leave them out. Bookings of one resource queue on its advisory lock, so each sees the units the
-- one before it took (a fresh snapshot per statement, READ COMMITTED) and takes a free one if there is any: a
-- unit is refused only when none is free. Without a free unit it raises the exclusion violation, with the
-- resource's id as the detail, which the booking answers as 409 "No <resource name> is free at that time.".
CREATE FUNCTION hold_appointment_resources() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  picked integer;
  k uuid := coalesce(NEW.session_id, NEW.id);
  span tstzrange := tstzrange(NEW.held_starts_at, NEW.held_ends_at);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status = OLD.status AND NEW.held_starts_at = OLD.held_starts_at AND NEW.held_ends_at = OLD.held_ends_at
      AND NEW.location_id = OLD.location_id AND NEW.session_id IS NOT DISTINCT FROM OLD.session_id
      AND NEW.service_id IS NOT DISTINCT FROM OLD.service_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM resource_holds WHERE appointment_id = NEW.id;
  END IF;
  IF NEW.status NOT IN ('pending', 'confirmed') OR NEW.service_id IS NULL THEN
    RETURN NULL;
  END IF;
  FOR r IN
    SELECT res.id, res.name, res.quantity FROM service_resources sr JOIN resources res ON res.id = sr.resource_id
    WHERE sr.service_id = NEW.service_id AND res.location_id = NEW.location_id ORDER BY res.id
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('resources:' || r.id::text));
    SELECT c.u INTO picked FROM (
      SELECT h.unit AS u, 0 AS pref FROM resource_holds h
        WHERE h.resource_id = r.id AND h.session_key = k AND tstzrange(h.held_starts_at, h.held_ends_at) && span
      UNION ALL
      SELECT g AS u, 1 AS pref FROM generate_series(1, r.quantity) g
        WHERE NOT EXISTS (SELECT 1 FROM resource_holds h WHERE h.resource_id = r.id AND h.unit = g
          AND tstzrange(h.held_starts_at, h.held_ends_at) && span)
    ) c ORDER BY c.pref, c.u LIMIT 1;
    IF picked IS NULL THEN
      RAISE EXCEPTION 'No % is free at that time.', r.name
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'resource_holds_no_overlap', DETAIL = r.id::text;
    END IF;
    INSERT INTO resource_holds (appointment_id, resource_id, unit, session_key, held_starts_at, held_ends_at)
      VALUES (NEW.id, r.id, picked, k, NEW.held_starts_at, NEW.held_ends_at);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_hold_resources" AFTER INSERT OR UPDATE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION hold_appointment_resources();
