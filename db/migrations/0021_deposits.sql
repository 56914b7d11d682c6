CREATE TYPE "public"."deposit_type" AS ENUM('none', 'fixed', 'full');--> statement-breakpoint
CREATE TYPE "public"."appointment_payment_status" AS ENUM('not_required', 'unpaid', 'paid', 'failed', 'refunded');--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_type" "deposit_type" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "amount_due" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_status" "appointment_payment_status" DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
CREATE INDEX "appointments_payment_reference_idx" ON "appointments" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_amount" CHECK (case when "services"."deposit_type" = 'fixed' then "services"."deposit_amount" > 0 and "services"."deposit_amount" <= "services"."price" else "services"."deposit_amount" is null end);