ALTER TABLE "cart_gift_cards" ADD COLUMN "shown_balance" numeric(10, 2);--> statement-breakpoint
-- A card applied before this column existed was shown its balance as it is now.
UPDATE "cart_gift_cards" c SET "shown_balance" = g."balance" FROM "gift_cards" g WHERE g."id" = c."gift_card_id";--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ALTER COLUMN "shown_balance" SET NOT NULL;
