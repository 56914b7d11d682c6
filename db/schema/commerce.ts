import { sql } from 'drizzle-orm';
import { orderStatuses, paymentStatuses } from '../statuses';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { discountCodes } from './discounts';
import { users } from './users';

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Deleting a product removes it from every cart.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId),
  ],
);

export const orderStatus = pgEnum('order_status', orderStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    total: numeric('total', { precision: 10, scale: 2 }).notNull(),
    // Subtotal, discount and tax as charged; total = subtotal - discount + tax (shipping is free).
    subtotal: numeric('subtotal', { precision: 10, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 10, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 10, scale: 2 }).notNull().default('0'),
    // The code as the customer used it; kept when the code itself is deleted.
    discountCode: text('discount_code'),
    discountId: uuid('discount_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    // What a gift card paid of the total (the payment provider takes the rest); refunds go back to the card first.
    giftCardAmount: numeric('gift_card_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    // The sum of the order's refunds.
    refundedAmount: numeric('refunded_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    status: orderStatus('status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('unpaid'),
    // Which payment provider takes the money ('manual': paid on pickup) and its reference for this payment.
    paymentProvider: text('payment_provider').notNull().default('manual'),
    paymentReference: text('payment_reference'),
    // A note given with an order placed for a customer (POST /api/orders {customerId, items, notes}).
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_total_non_negative', sql`${t.total} >= 0`),
    check('orders_discount_within_subtotal', sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`),
    // Refunds never exceed what was paid, whatever races the application loses.
    check('orders_gift_card_within_total', sql`${t.giftCardAmount} >= 0 and ${t.giftCardAmount} <= ${t.total}`),
    check('orders_refunds_within_total', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
    // Counting a customer's uses of a code.
    index('orders_discount_user_idx').on(t.discountId, t.userId),
    // One payment pays for one order: a reused payment reference can never settle a second order.
    uniqueIndex('orders_payment_reference_key').on(t.paymentProvider, t.paymentReference),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // Integrators walk the orders changed since a time (docs/integrations.md, Reconciliation).
    index('orders_updated_idx').on(t.updatedAt, t.id),
  ],
);

// Lines keep their own name and price, so editing or deleting a product never rewrites order history.
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_price_non_negative', sql`${t.unitPrice} >= 0`),
    index('order_items_order_idx').on(t.orderId),
  ],
);

// Provider events already applied (webhooks are delivered at least once): the primary key makes each apply once.
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// Money given back on an order, part or all of it; restocked lines as [{productId, quantity}].
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    reason: text('reason'),
    restock: jsonb('restock').$type<{ productId: string; quantity: number }[]>().notNull().default([]),
    // The payment provider's id for the refund (none for money handed back at the counter).
    providerRefundId: text('provider_refund_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_refunds_amount_positive', sql`${t.amount} > 0`), index('order_refunds_order_idx').on(t.orderId)],
);
