import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Keys programs use instead of a session (docs/integrations.md). Only the SHA-256 of the key is kept; the prefix
// is the visible part that lets a person tell keys apart. A key acts as its creator, so it goes with them.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull().unique(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_created_idx').on(t.createdAt)],
);

// The first answer to a POST sent with an Idempotency-Key, per caller, so a retry gets it again instead of
// repeating the write. A row without a status is a request still running (a repeat then answers 409).
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    // No status: a request still running under a lease (expires_at is its end). A status without a body: the answer
    // held a secret shown once, which is never kept (src/server/http/idempotency.ts).
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
