import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window request counters shared by every app instance (sign-in, registration, chat limits).
// One row per limited key; the window restarts when it has run out.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  hits: integer('hits').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
