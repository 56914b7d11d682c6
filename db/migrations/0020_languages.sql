ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_default_locale_known" CHECK ("business_settings"."default_locale" in ('en', 'es'));