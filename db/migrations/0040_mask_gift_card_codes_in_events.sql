-- Events kept before announcements masked gift card codes (events/publish.ts, announcedData) held whole codes, which
-- GET /api/events and replays would still give: masked as new events are, to the last four characters.
UPDATE "webhook_events"
SET "data" = jsonb_set("data", '{code}', to_jsonb(repeat('*', length("data"->>'code') - 4) || right("data"->>'code', 4)))
WHERE "type" LIKE 'gift_card.%' AND "data"->>'code' IS NOT NULL;--> statement-breakpoint
UPDATE "webhook_events"
SET "data" = jsonb_set(
  "data",
  '{boughtGiftCard,code}',
  to_jsonb(repeat('*', length("data"#>>'{boughtGiftCard,code}') - 4) || right("data"#>>'{boughtGiftCard,code}', 4))
)
WHERE "type" LIKE 'order.%' AND "data"#>>'{boughtGiftCard,code}' IS NOT NULL;
