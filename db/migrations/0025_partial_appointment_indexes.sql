-- Most appointments have no series, class session or card payment: these indexes leave such rows out, so an
-- ordinary booking writes four index entries fewer. Every look-up by these columns is an equality, which implies
-- the column is not null, so the planner still uses them.
DROP INDEX "appointments_series_idx";--> statement-breakpoint
DROP INDEX "appointments_session_seat_key";--> statement-breakpoint
DROP INDEX "appointments_session_customer_key";--> statement-breakpoint
DROP INDEX "appointments_payment_reference_idx";--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id") WHERE "appointments"."series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_seat_key" ON "appointments" USING btree ("session_id","seat") WHERE "appointments"."session_id" is not null and "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_customer_key" ON "appointments" USING btree ("session_id","customer_id") WHERE "appointments"."session_id" is not null and "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_payment_reference_idx" ON "appointments" USING btree ("payment_reference") WHERE "appointments"."payment_reference" is not null;