-- Feed tokens are derived from a nonce under the server secret (src/server/appointments/calendar-feed.ts). No
-- release wrote feed rows before this column, so none can lack one; any stray row is simply made again on use.
DELETE FROM "calendar_feeds";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "nonce" text NOT NULL;
