import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { users } from './users';

// A gift card's balance changes only together with a ledger line, in one transaction: the ledger's amounts
// (signed) always sum to the balance (docs/gift-cards.md).
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 16 characters of an alphabet without look-alikes (80 random bits), stored without separators.
    code: text('code').notNull(),
    initialAmount: numeric('initial_amount', { precision: 10, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    // The order that bought it (none when staff issued it); one card per purchase, however often payment is confirmed.
    purchaseOrderId: uuid('purchase_order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    uniqueIndex('gift_cards_purchase_order_key').on(t.purchaseOrderId),
    // The last line of defence: no commit can ever spend more than a card holds.
    check('gift_cards_balance_non_negative', sql`${t.balance} >= 0`),
    check('gift_cards_initial_positive', sql`${t.initialAmount} > 0`),
    index('gift_cards_created_idx').on(t.createdAt),
  ],
);

export const giftCardEntryKind = pgEnum('gift_card_entry_kind', ['issued', 'spent', 'refunded', 'voided']);

export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: giftCardEntryKind('kind').notNull(),
    // Signed: issued and refunded add, spent and voided take away.
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // When the line was written, not when its transaction began: every writer locks the card first, so this orders
    // a card's lines as they happened (a refund and a void racing: whichever took the lock first comes first).
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check(
      'gift_card_ledger_sign',
      sql`(${t.kind} in ('issued', 'refunded') and ${t.amount} > 0) or (${t.kind} in ('spent', 'voided') and ${t.amount} <= 0)`,
    ),
    index('gift_card_ledger_card_idx').on(t.giftCardId, t.createdAt),
    index('gift_card_ledger_order_idx').on(t.orderId),
  ],
);

// A card bought in the shop waits here for its order to be paid; the card is made then, once.
export const giftCardPurchases = pgTable(
  'gift_card_purchases',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
  },
  (t) => [check('gift_card_purchases_amount_positive', sql`${t.amount} > 0`)],
);

// The card a customer applied to their cart; the checkout spends it.
export const cartGiftCards = pgTable('cart_gift_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  giftCardId: uuid('gift_card_id')
    .notNull()
    .references(() => giftCards.id, { onDelete: 'cascade' }),
  // The card's balance as the customer was last shown it (applying the card, the priced cart): the checkout takes
  // what that balance paid, or refuses when the card has less now (someone else spent it meanwhile).
  shownBalance: numeric('shown_balance', { precision: 10, scale: 2 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
