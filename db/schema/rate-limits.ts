import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window request counters shared by every app instance: every limit of the product (sign-in, registration,
// chat, API keys, gift-card look-ups). One row per limited key; the window restarts when it has run out. UNLOGGED
// (in the migration): a counter needs no crash safety, and without WAL its one-row upsert commits without waiting
// for a disk flush, which otherwise serialises a busy API key's requests on that row (bench/api-key.ts).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  hits: integer('hits').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
