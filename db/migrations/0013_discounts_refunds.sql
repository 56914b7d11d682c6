CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'partially_refunded' BEFORE 'refunded';--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_refund_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_discounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"min_subtotal" numeric(10, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_value_range" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_limits_positive" CHECK (coalesce("discount_codes"."usage_limit", 1) >= 1 and "discount_codes"."per_customer_limit" >= 1),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."times_used" >= 0 and ("discount_codes"."usage_limit" is null or "discount_codes"."times_used" <= "discount_codes"."usage_limit")),
	CONSTRAINT "discount_codes_dates_ordered" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."starts_at" < "discount_codes"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_user_idx" ON "orders" USING btree ("discount_id","user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_total" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."total");