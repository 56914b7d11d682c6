CREATE INDEX "users_role_updated_idx" ON "users" USING btree ("role","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "appointments_updated_idx" ON "appointments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_type_created_idx" ON "webhook_events" USING btree ("type","created_at","id");--> statement-breakpoint
-- `updated_at` moves on every change of the row, whichever write path made it (docs/integrations.md,
-- Reconciliation). It is the clock at the write, not the transaction's start: a long transaction's rows are
-- stamped as late as they can be, so the stretch between stamp and commit, which a walker's safety margin must
-- cover, is as short as it can be. A value the writer sent is replaced: one clock, the database's.
CREATE FUNCTION "stamp_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_updated_at" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "services_updated_at" BEFORE INSERT OR UPDATE ON "services" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "orders_updated_at" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "appointments_updated_at" BEFORE INSERT OR UPDATE ON "appointments" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "users_updated_at" BEFORE INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();
