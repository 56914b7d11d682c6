ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");