import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// A customer's support conversation is keyed by that customer; any staff member with the chat
// permission may answer in it. receiverId is the staff member addressed, or null for "the support team".
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Commit order of messages: writers take one transaction lock before drawing it (chat-service.ts), so a
    // reader that has seen seq n has seen every message numbered below n. Live events and resumes count on it.
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_messages_not_blank', sql`length(trim(${t.message})) > 0`),
    index('chat_messages_conversation_idx').on(t.customerId, t.createdAt),
    index('chat_messages_conversation_seq_idx').on(t.customerId, t.seq),
  ],
);

// How far each person has read one conversation: the customer their own, each staff member any they open.
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.readerId] }), index('chat_read_markers_reader_idx').on(t.readerId)],
);
