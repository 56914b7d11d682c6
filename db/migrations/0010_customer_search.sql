-- Trigram matching for the customers search (docs/staff.md). pg_trgm ships with PostgreSQL's contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);
