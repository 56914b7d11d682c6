-- (The snapshot beside this migration also learns of api_key_usage, which 0014 creates UNLOGGED by hand.)
ALTER TABLE "business_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_currency_code" CHECK ("business_settings"."currency" ~ '^[A-Z]{3}$');
