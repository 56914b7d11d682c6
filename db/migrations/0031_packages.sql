ALTER TYPE "public"."appointment_payment_status" ADD VALUE 'prepaid';--> statement-breakpoint
CREATE TABLE "package_credit_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"name" text NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"sessions" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_credits_remaining_range" CHECK ("package_credits"."remaining" >= 0 and "package_credits"."remaining" <= "package_credits"."sessions")
);
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"package_id" uuid,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"sessions" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"valid_days" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_packages_sessions_range" CHECK ("service_packages"."sessions" between 2 and 50),
	CONSTRAINT "service_packages_price_non_negative" CHECK ("service_packages"."price" >= 0),
	CONSTRAINT "service_packages_valid_days_positive" CHECK ("service_packages"."valid_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "package_credit_uses" ADD CONSTRAINT "package_credit_uses_credit_id_package_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."package_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credit_uses" ADD CONSTRAINT "package_credit_uses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credits" ADD CONSTRAINT "package_credits_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credits" ADD CONSTRAINT "package_credits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credits" ADD CONSTRAINT "package_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_credit_uses_appointment_key" ON "package_credit_uses" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "package_credit_uses_credit_idx" ON "package_credit_uses" USING btree ("credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_credits_order_key" ON "package_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "package_credits_customer_idx" ON "package_credits" USING btree ("customer_id","expires_at");