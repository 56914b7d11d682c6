ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_once_key";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "location_id" uuid DEFAULT first_location_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_once_key" UNIQUE NULLS NOT DISTINCT("customer_id","service_id","location_id","date","employee_id");--> statement-breakpoint
-- The services list carries locationIds (every location when a service names none) and resourceIds, so a write to
-- these tables changes it too: they log a change of kind 'services' for the catalogue cache (0003), which
-- otherwise kept serving a list without a location just added.
CREATE OR REPLACE FUNCTION "catalog_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_changes" ("kind") VALUES (coalesce(TG_ARGV[0], TG_TABLE_NAME)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_catalog_change_log" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_change_log"('services');
--> statement-breakpoint
CREATE TRIGGER "service_locations_catalog_change_log" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_change_log"('services');
--> statement-breakpoint
CREATE TRIGGER "service_resources_catalog_change_log" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_resources"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_change_log"('services');
