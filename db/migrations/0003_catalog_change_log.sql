-- Every app instance keeps the catalogue serialized in memory (src/server/catalog/catalog-cache.ts). Each
-- cached copy remembers the snapshot it was read in, and before serving it asks: did a transaction that
-- this snapshot cannot see commit a change? This log answers that exactly, for every writer (admin edits,
-- stock taken by orders, seeds, manual SQL), on every instance, the moment the writer has committed.
-- (LISTEN/NOTIFY was not enough: its delivery trails the commit, so another instance could still answer
-- from the old copy on the very next request.) One row per table per transaction; no shared row is
-- updated, so concurrent writers never wait on each other here.
CREATE TABLE "catalog_changes" (
	"kind" text NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_changes_pkey" PRIMARY KEY ("kind", "xid")
);
--> statement-breakpoint
CREATE FUNCTION "catalog_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_changes" ("kind") VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_change_log" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_change_log"();
--> statement-breakpoint
CREATE TRIGGER "services_catalog_change_log" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_change_log"();
