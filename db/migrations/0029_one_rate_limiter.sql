-- API keys are counted by the one rate limiter (rate_limits), like sign-in and chat.
DROP TABLE "api_key_usage" CASCADE;--> statement-breakpoint
-- UNLOGGED: see db/schema/rate-limits.ts (drizzle cannot declare it). Counters are lost on a crash, which only
-- restarts their windows.
ALTER TABLE "rate_limits" SET UNLOGGED;
