import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import {
  cartDiscounts,
  cartItems,
  giftCardPurchases,
  orderItems,
  orderRefunds,
  orders,
  packagePurchases,
  products,
  users,
} from '../../../db/schema/index';
import {
  canMoveOrder,
  cartTotals,
  orderNumber,
  fromCents,
  toCents,
  type OrderStatus,
  type PaymentStatus,
} from '../../shared/orders';
import type {
  CheckoutInput,
  CheckoutResult,
  Order,
  OrderListInput,
  OrderStatusInput,
  PaymentIntent,
  PaymentIntentInput,
  PaymentPage,
  PaymentProviderId,
  RefundInput,
} from '../../shared/orders-schema';
import type { Actor } from '../auth/sessions';
import { can } from '../../shared/roles';
import { catalogLimits } from '../../shared/catalog';
import { integrationMessages } from '../../shared/integrations-schema';
import { customerNamedBy } from '../staff/customers-service';
import { isUuid } from '../../shared/ids';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import { claimCartDiscount, priceCart, releaseDiscountUse } from '../discounts/discount-service';
import {
  boughtGiftCards,
  issuePurchasedGiftCard,
  promisedGiftCardCents,
  recordGiftCardSpend,
  refundToGiftCard,
  takeCartGiftCard,
} from '../gift-cards/gift-card-service';
import type { Payments } from '../payments/payments';
import { providerFailure, type PaymentEvent, type PaymentProvider, type ProviderPayment } from '../payments/provider';
import { getSettings } from '../settings/settings-service';
import { badCursor, DEFAULT_PAGE_LIMIT, isoInstant, pageOf, updatedWalk, type Page } from '../paging/page';
import { publish } from '../events/publish';
import { eventActor, type EventActor, type OrderChange } from '../events/domain-events';
import { giveBack, type RestockLine } from './refunds';
import { creditPaidPackage } from '../packages/package-credits';
import type { Locale } from '../../shared/i18n/locales';
import { money, sentence } from '../../shared/i18n/sentence';

/** What order services need besides the database. */
export interface OrderDeps {
  payments: Payments;
  publicUrl: string;
  /** The business currency (ISO 4217), from its settings: what carts are charged in and mails are written in. */
  currency: string;
  /** The business's language, for mail to a customer who chose none. */
  defaultLocale: Locale;
}

const CART_CHANGED = 'Your cart has changed. Please review it before paying.';
const CART_EMPTY = 'Your cart is empty.';
/** An order's money columns hold at most 99999999.99 (numeric(10,2)), as a price does. */
const MAX_ORDER_CENTS = Math.round(catalogLimits.priceMax * 100);

/** Refuses (400) an order larger than its columns hold, rather than failing at the insert. */
function refuseOversizedOrder(totals: { subtotal: string; total: string }) {
  if (Math.max(toCents(totals.subtotal), toCents(totals.total)) > MAX_ORDER_CENTS)
    throw new AppError('BAD_REQUEST', "An order's total can be at most 99999999.99.");
}

// ---------------------------------------------------------------------------------------------------------
// Reading orders

/** An order's own columns, as read and as the checkout's insert returns them. */
const orderRowColumns = {
  id: orders.id,
  userId: orders.userId,
  total: orders.total,
  subtotal: orders.subtotal,
  discountCode: orders.discountCode,
  discount: orders.discount,
  tax: orders.tax,
  giftCardAmount: orders.giftCardAmount,
  refundedAmount: orders.refundedAmount,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentProvider: orders.paymentProvider,
  notes: orders.notes,
  createdAt: orders.createdAt,
  updatedAt: isoInstant(orders.updatedAt),
};

const orderColumns = {
  ...orderRowColumns,
  buys: sql<Order['buys']>`case
    when exists (select 1 from ${giftCardPurchases} where ${giftCardPurchases.orderId} = ${orders.id}) then 'gift_card'
    when exists (select 1 from ${packagePurchases} where ${packagePurchases.orderId} = ${orders.id}) then 'package'
    else 'products' end`,
  customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

/** Newest first, or (an integrator's walk) by updatedAt, then id. */
async function loadOrders(db: Tx, where: SQL | undefined, limit: number, byUpdate = false): Promise<Order[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...(byUpdate ? [asc(orders.updatedAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.productName,
      price: orderItems.unitPrice,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    );
  const refunds = await db
    .select({
      orderId: orderRefunds.orderId,
      id: orderRefunds.id,
      amount: orderRefunds.amount,
      reason: orderRefunds.reason,
      restock: orderRefunds.restock,
      createdAt: orderRefunds.createdAt,
      createdBy: orderRefunds.createdBy,
    })
    .from(orderRefunds)
    .where(
      inArray(
        orderRefunds.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderRefunds.createdAt, orderRefunds.id);
  const linesOf = groupByOrder(lines);
  const refundsOf = groupByOrder(refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
  const bought = await boughtGiftCards(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => answerOrder(r, linesOf.get(r.id) ?? [], refundsOf.get(r.id) ?? [], bought.get(r.id) ?? null));
}

function groupByOrder<T extends { orderId: string }>(rows: T[]): Map<string, Omit<T, 'orderId'>[]> {
  const byOrder = new Map<string, Omit<T, 'orderId'>[]>();
  for (const { orderId, ...row } of rows) {
    let list = byOrder.get(orderId);
    if (!list) byOrder.set(orderId, (list = []));
    list.push(row);
  }
  return byOrder;
}

type OrderRow = Omit<Order, 'paymentProvider' | 'createdAt' | 'items' | 'refunds' | 'boughtGiftCard'> & {
  paymentProvider: string;
  createdAt: Date;
};

/**
 * An order as the API answers it. Lines by name (then product), compared in JavaScript rather than by the
 * database's collation, so that the checkout's answer, built without reading the order back, lists them
 * exactly as every later read does.
 */
function answerOrder(
  row: OrderRow,
  items: Order['items'],
  refunds: Order['refunds'],
  boughtGiftCard: Order['boughtGiftCard'] = null,
): Order {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    ...row,
    boughtGiftCard,
    paymentProvider: row.paymentProvider as PaymentProviderId,
    createdAt: row.createdAt.toISOString(),
    items: items.sort((a, b) => compare(a.name, b.name) || compare(a.productId ?? '', b.productId ?? '')),
    refunds,
  };
}

function seesAllOrders(actor: Actor): boolean {
  return can(actor, 'orders.view');
}

/** Start of a business-time-zone day (YYYY-MM-DD) as an instant. */
function dayStart(value: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return addDays(new TZDate(y, m - 1, d, timeZone), plusDays);
}

/**
 * A customer's own orders, newest first; staff with orders.view see everyone's, filtered by status,
 * business-day range and a search over the customer's name, e-mail and the order number. Paged by `limit`
 * and `cursor` (the last order of the previous page).
 */
/**
 * The orders list, newest first (the screens page it by the last order's id); with `updatedSince`, an integrator's
 * walk by updatedAt, then id (docs/integrations.md, Reconciliation). A page holds `limit` orders, 200 at most
 * without it; `nextCursor` continues it.
 */
export async function listOrders(db: Tx, actor: Actor, input: OrderListInput = {}): Promise<Page<Order>> {
  const conditions: (SQL | undefined)[] = [];
  // A program has no orders of its own: "mine" would silently be its creator's.
  if (actor.apiKey && input.scope === 'mine') throw new AppError('FORBIDDEN', integrationMessages.notAPerson);
  if (input.scope === 'mine' || !seesAllOrders(actor)) conditions.push(eq(orders.userId, actor.id));
  if (input.status) conditions.push(eq(orders.status, input.status));
  if (input.from || input.to) {
    const { timezone } = await getSettings(db);
    if (input.from) conditions.push(gte(orders.createdAt, dayStart(input.from, timezone)));
    if (input.to) conditions.push(lt(orders.createdAt, dayStart(input.to, timezone, 1)));
  }
  const search = input.search?.replace(/^#/, '').trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(sql`${orders.id}::text`, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  if (input.updatedSince) {
    const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
    conditions.push(await updatedWalk(db, input, orders.updatedAt, orders.id));
    return pageOf(await loadOrders(db, and(...conditions), limit + 1, true), limit, 'u', (o) => o.updatedAt);
  }
  if (input.cursor) {
    // Keyset paging in the list's own order (newest first, then id): stable while new orders arrive. The cursor is
    // the last order of the previous page, which never moves in this order (its creation time stays).
    const cursor = input.cursor;
    if (!isUuid(cursor) || !(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, cursor))).length)
      throw badCursor();
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${cursor}::uuid)`,
    );
  }
  const limit = input.limit ?? 200;
  const rows = await loadOrders(db, and(...conditions), limit + 1);
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** An order as staff read it, after a staff change (the changer may hold orders.edit without orders.view). */
async function readOrder(db: Tx, id: string): Promise<Order> {
  const [order] = await loadOrders(db, eq(orders.id, id), 1);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/**
 * Announces a change of an order (as staff read it), in the transaction that made it; a move to another status says
 * so (its subscriber tells the customer), and an order placed for a customer says by whom (its subscriber audits it).
 */
export const emitOrderEvent = (
  tx: Tx,
  type: 'order.created' | 'order.updated',
  id: string,
  change?: OrderChange,
  by?: EventActor,
) => publish(tx, { type, data: () => readOrder(tx, id), change, by });

/** One order, for its owner or staff with orders.view; anyone else is told it does not exist. */
export async function getOrder(db: Tx, actor: Actor, id: string): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Order not found');
  const owner = seesAllOrders(actor) ? undefined : eq(orders.userId, actor.id);
  const [order] = await loadOrders(db, and(eq(orders.id, id), owner), 1);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

// ---------------------------------------------------------------------------------------------------------
// Paying and checking out

interface PricedLine {
  productId: string;
  name: string;
  price: string;
  quantity: number;
}

/**
 * The caller's cart as it would be charged now, for opening a payment: refused when it is empty, or when
 * its discount code no longer applies (never a silent price change).
 */
async function cartToCharge(db: Tx, actor: Actor) {
  const cart = await priceCart(db, actor);
  if (cart.items.length === 0) throw new AppError('BAD_REQUEST', CART_EMPTY);
  refuseOversizedOrder(cart);
  if (cart.discount?.problem) throw new AppError('CONFLICT', cart.discount.problem);
  const totalCents = toCents(cart.total);
  const giftCardCents = promisedGiftCardCents(cart.giftCard);
  return { ...cart, totalCents, amountDueCents: totalCents - giftCardCents, giftCardCents };
}

/** Refuses, before anything is opened or placed, an amount the card provider would refuse. */
function checkCardMinimum(provider: PaymentProvider, currency: string, amountCents: number) {
  const minimum = provider.minimumAmount?.(currency);
  if (minimum !== undefined && amountCents < minimum) {
    throw new AppError(
      'BAD_REQUEST',
      sentence('Card payments need an order total of at least {amount}. Please choose pay on pickup.', {
        amount: money(fromCents(minimum), currency),
      }),
    );
  }
}

/**
 * Prices the caller's cart and opens a payment for its total with the checkout provider. The amount the
 * client sends is its idea of the subtotal: when it differs, the cart changed under the page (409).
 */
export async function createPaymentIntent(
  db: Tx,
  deps: OrderDeps,
  actor: Actor,
  input: PaymentIntentInput,
): Promise<PaymentIntent> {
  const totals = await cartToCharge(db, actor);
  if (input.amount !== undefined && input.amount !== toCents(totals.subtotal))
    throw new AppError('CONFLICT', CART_CHANGED);
  const provider = deps.payments.checkout;
  checkCardMinimum(provider, deps.currency, totals.amountDueCents);
  const payment = await provider
    .create({ amountCents: totals.amountDueCents, currency: deps.currency.toLowerCase(), userId: actor.id })
    .catch(providerFailure);
  return {
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.reference,
    amount: totals.amountDue,
    subtotal: totals.subtotal,
    tax: totals.tax,
    currency: payment.currency,
    provider: provider.id,
  };
}

/** Which provider a payment reference belongs to, and what it says about the payment. */
async function paymentFor(
  deps: OrderDeps,
  actor: Actor,
  reference: string | undefined,
): Promise<{ provider: PaymentProvider; payment: ProviderPayment | null }> {
  if (!reference || reference.startsWith('manual_')) {
    return { provider: deps.payments.byId('manual')!, payment: null };
  }
  const provider = deps.payments.byId('stripe');
  if (!provider || !/^pi_\w+$/.test(reference))
    throw new AppError('BAD_REQUEST', 'paymentIntentId is not a payment of this shop');
  const payment = await provider.status(reference).catch(providerFailure);
  if (payment.userId !== actor.id) throw new AppError('BAD_REQUEST', 'paymentIntentId is not a payment of this shop');
  if (payment.status === 'cancelled')
    throw new AppError('CONFLICT', 'This payment was cancelled. Please start the checkout again.');
  return { provider, payment };
}

// Lock waits that PostgreSQL broke up, or a serialization failure: safe to run the whole checkout again.
const RETRYABLE = new Set(['40P01', '40001']);

async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 3 || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    }
  }
}

/** What the checkout settles the new order with: its provider and, for an online payment, what the provider says of it. */
interface OrderPayment {
  provider: PaymentProvider;
  reference: string | null;
  payment: ProviderPayment | null;
  /** What the customer was shown the cart's gift card pays (promisedGiftCardCents). */
  giftCardCents?: number;
}

/**
 * The checkout. Pay on pickup, or a card payment an API client made for the cart (paymentIntentId): the order
 * is placed against it. Card in the web shop (paymentMethod stripe): the order is placed with a payment on
 * the provider's hosted page, whose address comes back as paymentUrl for the browser to go to.
 */
export async function checkout(db: Tx, deps: OrderDeps, actor: Actor, input: CheckoutInput): Promise<CheckoutResult> {
  const customer = await customerNamedBy(db, actor, input.customerId, 'orders.manage');
  if (customer) return orderForCustomer(db, deps, customer.id, input, eventActor(actor));
  if (input.paymentMethod === 'stripe') {
    if (input.paymentIntentId)
      throw new AppError('BAD_REQUEST', 'Send either paymentIntentId or paymentMethod, not both');
    return checkoutOnHostedPage(db, deps, actor);
  }
  const { provider, payment } = await paymentFor(deps, actor, input.paymentIntentId);
  // What the customer was shown the cart's gift card pays: the checkout takes exactly that from it, or refuses (409).
  const giftCardCents = promisedGiftCardCents((await priceCart(db, actor)).giftCard);
  return placeOrder(
    db,
    deps,
    { cartOf: actor.id },
    { provider, reference: input.paymentIntentId ?? null, payment, giftCardCents },
  );
}

/**
 * An order that staff or a program places for a customer, from the lines given instead of a cart: the same
 * checkout transaction and stock rules. Paid on pickup unless `paymentProvider` says card; the customer then pays
 * it by card where they pay any pending card order (payOrder).
 */
async function orderForCustomer(
  db: Tx,
  deps: OrderDeps,
  customerId: string,
  input: CheckoutInput,
  by: EventActor,
): Promise<CheckoutResult> {
  if (!input.items?.length)
    throw new AppError('BAD_REQUEST', 'An order for a customer needs items: the products and quantities ordered.');
  if (input.paymentMethod || input.paymentIntentId)
    throw new AppError(
      'BAD_REQUEST',
      'An order for a customer takes paymentProvider, not paymentMethod or paymentIntentId.',
    );
  const provider = input.paymentProvider === 'stripe' ? hostedPaymentProvider(deps) : deps.payments.byId('manual')!;
  return placeOrder(
    db,
    deps,
    { customerId, items: input.items, notes: input.notes || null, by },
    { provider, reference: null, payment: null },
  );
}

/** How long a card order waits for its payment on the hosted page before it is cancelled and restocked. */
const HOSTED_PAYMENT_MINUTES = 60;

type HostedPaymentProvider = PaymentProvider & Required<Pick<PaymentProvider, 'createHostedPayment'>>;

/** The provider that takes card payments on its own page, or 400 when none is configured. */
export function hostedPaymentProvider(deps: OrderDeps): HostedPaymentProvider {
  const provider = deps.payments.byId('stripe');
  if (!provider?.createHostedPayment) throw new AppError('BAD_REQUEST', 'Card payments are not available.');
  return provider as HostedPaymentProvider;
}

/** Opens the hosted payment page for one order, at the amount the server computed. */
export async function openHostedPayment(
  provider: HostedPaymentProvider,
  deps: OrderDeps,
  order: {
    id: string;
    userId: string;
    email: string;
    totalCents: number;
    lines: readonly { name: string; quantity: number }[];
  },
  idempotencyKey: string,
) {
  const back = `${deps.publicUrl}/orders/${order.id}?payment=`;
  return provider
    .createHostedPayment({
      paidFor: { orderId: order.id },
      amountCents: order.totalCents,
      currency: deps.currency.toLowerCase(),
      userId: order.userId,
      email: order.email,
      title: `Order #${orderNumber(order.id)}`,
      description: order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', '),
      successUrl: `${back}success`,
      cancelUrl: `${back}cancelled`,
      expiresAt: new Date(Date.now() + HOSTED_PAYMENT_MINUTES * 60_000),
      idempotencyKey,
    })
    .catch(providerFailure);
}

/**
 * Card checkout on the provider's page. The order's id is chosen first so that the page can name it and send
 * the customer back to it; the page is opened for the cart as priced now, and the checkout transaction then
 * refuses it unless the order comes to exactly that total. An order that is not placed closes its page.
 */
async function checkoutOnHostedPage(db: Tx, deps: OrderDeps, actor: Actor): Promise<CheckoutResult> {
  const provider = hostedPaymentProvider(deps);
  const cart = await cartToCharge(db, actor);
  const { amountDueCents: totalCents, giftCardCents } = cart;
  // Nothing left to pay (a gift card or a discount took it all) leaves nothing for the card page: placed paid.
  if (totalCents === 0) {
    const manual = deps.payments.byId('manual')!;
    return placeOrder(
      db,
      deps,
      { cartOf: actor.id },
      { provider: manual, reference: null, payment: null, giftCardCents },
    );
  }
  const lines = cart.items.map((item) => ({ name: item.product.name, quantity: item.quantity }));
  checkCardMinimum(provider, deps.currency, totalCents);
  const [customer] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
  const id = randomUUID();
  const payment = await openHostedPayment(
    provider,
    deps,
    { id, userId: actor.id, email: customer!.email, totalCents, lines },
    `order-${id}`,
  );
  try {
    return {
      ...(await placeOrder(
        db,
        deps,
        { cartOf: actor.id },
        { id, provider, reference: payment.reference, payment, giftCardCents },
      )),
      paymentUrl: payment.url,
    };
  } catch (error) {
    await provider.cancel(payment.reference).catch(() => undefined);
    throw error;
  }
}

/** What an order is placed from: a person's cart, or the lines given for a customer (orderForCustomer). */
type OrderSource =
  | { cartOf: string }
  | {
      customerId: string;
      items: readonly { productId: string; quantity: number }[];
      notes: string | null;
      /** Who placed it for the customer: staff, in person or through a key. */
      by: EventActor;
    };

/** One line as the checkout locks it: the product's price and stock under its row lock, and the customer. */
interface LockedLine {
  product_id: string;
  quantity: number;
  name: string;
  price: string;
  inventory: number;
  email: string;
  first_name: string;
  locale: Locale | null;
  last_name: string;
}

/**
 * The order's lines with their products locked in product-id order (PostgreSQL sorts before it locks, so two
 * checkouts holding the same products in another order never wait on each other in a cycle), stock read under the
 * lock. A cart's lines are locked with it (a second checkout of the same cart waits, then finds it empty); given
 * lines name each product once (quantities of a repeated one add up), and one that names no product for sale is 404.
 */
async function lockLines(tx: Tx, source: OrderSource): Promise<LockedLine[]> {
  if ('cartOf' in source) {
    const cart = rowsOf<LockedLine>(
      await tx.execute(sql`
        select c.product_id, c.quantity, p.name, p.price::text as price, p.inventory, u.email, u.first_name, u.last_name, u.locale
          from ${cartItems} c join ${products} p on p.id = c.product_id join ${users} u on u.id = c.user_id
         where c.user_id = ${source.cartOf}::uuid and p.is_active
         order by c.product_id
           for update of c, p`),
    );
    if (cart.length === 0) throw new AppError('BAD_REQUEST', CART_EMPTY);
    return cart;
  }
  const wanted = new Map<string, number>();
  for (const { productId, quantity } of source.items) {
    if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'Product not found');
    wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  }
  const items = JSON.stringify([...wanted].map(([product_id, quantity]) => ({ product_id, quantity })));
  const lines = rowsOf<LockedLine>(
    await tx.execute(sql`
      select p.id as product_id, q.quantity, p.name, p.price::text as price, p.inventory, u.email, u.first_name, u.last_name, u.locale
        from jsonb_to_recordset(${items}::jsonb) as q(product_id uuid, quantity integer)
        join ${products} p on p.id = q.product_id and p.is_active
        join ${users} u on u.id = ${source.customerId}::uuid
       -- By primary key: on the join alone the planner, guessing 100 lines, scans the whole catalogue.
       where p.id = any(array(select (l ->> 'product_id')::uuid from jsonb_array_elements(${items}::jsonb) l))
       order by p.id
         for update of p`),
  );
  if (lines.length < wanted.size) throw new AppError('NOT_FOUND', 'Product not found');
  return lines;
}

/** The lines as locked, or a 409 naming the first product that is short (nothing changed). */
function checkStock(cart: LockedLine[]): PricedLine[] {
  const short = cart.find((line) => line.inventory < line.quantity);
  if (short) {
    throw new AppError(
      'CONFLICT',
      short.inventory === 0
        ? sentence('{name} is out of stock.', { name: short.name })
        : sentence('Not enough stock for {name}: only {count} left.', { name: short.name, count: short.inventory }),
    );
  }
  return cart.map((l) => ({ productId: l.product_id, name: l.name, price: l.price, quantity: l.quantity }));
}

/**
 * The checkout transaction. The lines are locked with their products (lockLines); a line that is short ends it
 * there, with nothing changed and an answer naming the product. The cart's discount and gift card are taken under
 * their locks, then the order is written (writeOrder) and announced: its confirmation mail is a subscriber's.
 */
async function placeOrder(
  db: Tx,
  deps: OrderDeps,
  source: OrderSource,
  { id, provider, reference, payment, giftCardCents = 0 }: OrderPayment & { id?: string },
): Promise<Order> {
  const customerId = 'cartOf' in source ? source.cartOf : source.customerId;
  return withRetry(() =>
    db.transaction(async (tx) => {
      const cart = await lockLines(tx, source);
      const lines = checkStock(cart);
      // The cart's code is checked again and its use counted here, under the code's row lock (409 when it no
      // longer applies: the customer sees why, never a silent change of price).
      const discount =
        'cartOf' in source ? await claimCartDiscount(tx, customerId, toCents(cartTotals(lines).subtotal)) : null;
      const totals = cartTotals(lines, discount);
      refuseOversizedOrder(totals);
      // The cart's gift card pays first, under its row lock; the payment covers the rest.
      const giftCard =
        'cartOf' in source
          ? await takeCartGiftCard(tx, customerId, { totalCents: totals.totalCents, shownCents: giftCardCents })
          : null;
      const dueCents = totals.totalCents - (giftCard?.cents ?? 0);
      if (payment && payment.amountCents !== dueCents) throw new AppError('CONFLICT', CART_CHANGED);
      // An order with nothing left to pay (a gift card or a discount took it all) is paid as it is placed.
      const paid = payment?.status === 'paid' || dueCents === 0;
      const orderId = id ?? randomUUID();
      const order = await writeOrder(tx, source, lines, {
        id: orderId,
        userId: customerId,
        subtotal: totals.subtotal,
        discount: totals.discount,
        discountCode: discount?.code ?? null,
        discountId: discount?.id ?? null,
        tax: totals.tax,
        total: totals.total,
        giftCardAmount: fromCents(giftCard?.cents ?? 0),
        status: paid ? 'processing' : 'pending',
        paymentStatus: paid ? 'paid' : 'unpaid',
        paymentProvider: provider.id,
        paymentReference: reference,
        notes: 'notes' in source ? source.notes : null,
      });
      if (giftCard) await recordGiftCardSpend(tx, giftCard, orderId);
      await emitOrderEvent(tx, 'order.created', orderId, undefined, 'by' in source ? source.by : undefined);
      const { email, first_name: firstName, last_name: lastName } = cart[0]!;
      return answerOrder(
        { ...order, buys: 'products', customer: { id: customerId, email, firstName, lastName } },
        lines,
        [],
      );
    }),
  );
}

/**
 * Writes a placed order: every line's stock taken with a conditional decrement, the order with its lines as priced
 * and the emptied cart. None of these needs another's answer (the order's id is chosen before), so they are sent
 * together and cost one round trip. A payment reference already used by another order inserts no order; the lines
 * then fail on their foreign key, and the order's empty answer is what the caller is told about.
 */
async function writeOrder(tx: Tx, source: OrderSource, lines: PricedLine[], order: typeof orders.$inferInsert) {
  const orderId = order.id!;
  const [placed, ...rest] = await Promise.allSettled([
    tx.insert(orders).values(order).onConflictDoNothing().returning(orderRowColumns),
    ...lines.map((l) =>
      tx
        .execute(
          sql`
          update ${products} set inventory = inventory - ${l.quantity}::integer
           where id = ${l.productId}::uuid and inventory >= ${l.quantity}::integer
          returning id`,
        )
        .then((result) => {
          // The row is locked since it was read, so this cannot happen; if it ever did, nothing commits.
          if (rowsOf(result).length === 0) throw new Error(`The stock of ${l.name} changed under its lock`);
        }),
    ),
    tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId,
        productId: l.productId,
        productName: l.name,
        unitPrice: l.price,
        quantity: l.quantity,
      })),
    ),
    ...('cartOf' in source
      ? [
          tx.delete(cartItems).where(eq(cartItems.userId, source.cartOf)),
          tx.delete(cartDiscounts).where(eq(cartDiscounts.userId, source.cartOf)),
        ]
      : []),
  ]);
  if (placed.status === 'rejected') throw placed.reason;
  const [written] = placed.value;
  if (!written) throw new AppError('CONFLICT', 'This payment already belongs to an order.');
  for (const result of rest) if (result.status === 'rejected') throw result.reason;
  return written;
}

/**
 * Pay Now: where the owner of a pending card order pays for it. The page already open for it is reused; when
 * that page expired, or the order waits on a payment made through the API, a new page is opened (the old
 * payment is closed first, so that at most one can ever take money) and the order is switched to it.
 * The order stays locked meanwhile, so two clicks open one page and a webhook for the old payment waits.
 */
export async function payOrder(db: Tx, deps: OrderDeps, actor: Actor, id: string): Promise<PaymentPage> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Order not found');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, and(eq(orders.id, id), eq(orders.userId, actor.id))!);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order was cancelled.');
    if (order.paymentStatus !== 'unpaid')
      throw new AppError(
        'CONFLICT',
        sentence('This order is already {status, select, partially_refunded {partially refunded} other {{status}}}.', {
          status: order.paymentStatus,
        }),
      );
    if (order.paymentProvider === 'manual') throw new AppError('CONFLICT', 'This order is paid when you pick it up.');
    if (order.status !== 'pending')
      throw new AppError(
        'CONFLICT',
        sentence('This order is already {status, select, partially_refunded {partially refunded} other {{status}}}.', {
          status: order.status,
        }),
      );
    const provider = hostedPaymentProvider(deps);
    if (order.paymentReference) {
      const current = await provider.status(order.paymentReference).catch(providerFailure);
      if (current.status === 'paid')
        throw new AppError('CONFLICT', 'This order has been paid; the payment is being confirmed.');
      if (current.status === 'pending' && current.url) return { url: current.url };
      if (
        current.status === 'pending' &&
        (await provider.cancel(order.paymentReference).catch(providerFailure)) !== 'cancelled'
      ) {
        throw new AppError('CONFLICT', 'This order has been paid; the payment is being confirmed.');
      }
    }
    const [row] = await tx
      .select({ total: orders.total, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id));
    const lines = await tx
      .select({ name: orderItems.productName, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.productName);
    const payment = await openHostedPayment(
      provider,
      deps,
      { id, userId: order.userId, email: row!.email, totalCents: toCents(row!.total), lines },
      // The order's lock already makes this the only new page for it; the key makes network retries reuse it.
      `order-${id}-${randomUUID()}`,
    );
    try {
      await tx
        .update(orders)
        .set({ paymentReference: payment.reference, updatedAt: new Date() })
        .where(eq(orders.id, id));
    } catch (error) {
      await provider.cancel(payment.reference).catch(() => undefined);
      throw error;
    }
    return { url: payment.url };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Changing orders

interface LockedOrder {
  id: string;
  userId: string;
  total: string;
  refundedAmount: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentProvider: string;
  paymentReference: string | null;
}

async function lockOrder(tx: Tx, where: SQL): Promise<LockedOrder | undefined> {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      total: orders.total,
      refundedAmount: orders.refundedAmount,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentProvider: orders.paymentProvider,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(where)
    .for('update');
  return order;
}

/**
 * Undoes what a placed order took, when it is cancelled: its stock goes back (less what its refunds already
 * restocked), in product-id order like the checkout takes it, and its use of a discount code is given back.
 */
async function releaseOrder(tx: Tx, orderId: string) {
  await tx.execute(sql`
    update ${products} p set inventory = p.inventory + l.quantity
      from (select product_id, sum(quantity)::integer as quantity
              from (select product_id, quantity from ${orderItems}
                     where order_id = ${orderId}::uuid and product_id is not null
                    union all
                    select (r.line->>'productId')::uuid, -(r.line->>'quantity')::integer
                      from ${orderRefunds} f, jsonb_array_elements(f.restock) as r(line)
                     where f.order_id = ${orderId}::uuid) taken
             group by product_id having sum(quantity) > 0 order by product_id) l
     where p.id = l.product_id`);
  await releaseDiscountUse(tx, orderId);
}

/**
 * Refunds what is left of a taken payment through the provider that took it, recorded as the order's last
 * refund; the order's transaction rolls back if the provider refuses.
 */
async function refundTheRest(tx: Tx, deps: OrderDeps, actor: Actor | null, order: LockedOrder, reason: string) {
  const rest = toCents(order.total) - toCents(order.refundedAmount);
  if (rest <= 0) return;
  await giveBack(tx, deps, order, {
    amountCents: rest,
    reason,
    restock: [],
    actorId: actor?.id ?? null,
    mail: false,
  }).catch(providerFailure);
}

/**
 * Moves an order along its transitions (pending → processing or cancelled, processing → completed or
 * cancelled). Cancelling puts the stock back and refunds a paid order; the customer is told by e-mail.
 */
export async function setOrderStatus(db: Tx, deps: OrderDeps, actor: Actor, input: OrderStatusInput): Promise<Order> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', 'Order not found');
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, input.id));
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (!canMoveOrder(order.status, input.status)) {
      throw new AppError(
        'CONFLICT',
        sentence('An order that is {from} cannot be moved to {to}.', { from: order.status, to: input.status }),
      );
    }
    let paymentStatus = order.paymentStatus;
    if (input.status === 'cancelled') {
      await releaseOrder(tx, order.id);
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded') {
        await refundTheRest(tx, deps, actor, order, 'Order cancelled');
        paymentStatus = 'refunded';
      } else {
        if (order.paymentReference && order.paymentProvider !== 'manual') {
          // So that the customer can no longer pay for an order that no longer exists.
          await deps.payments
            .byId(order.paymentProvider)
            ?.cancel(order.paymentReference)
            .catch(() => undefined);
        }
        await refundToGiftCard(tx, deps, order.id, toCents(order.total), actor.id);
      }
    }
    await tx
      .update(orders)
      .set({ status: input.status, paymentStatus, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await emitOrderEvent(
      tx,
      'order.updated',
      order.id,
      { kind: 'orderStatus', from: order.status, to: input.status },
      eventActor(actor),
    );
  });
  return readOrder(db, input.id);
}

/**
 * Staff record that a pay-on-pickup order was paid. A pending order then moves to processing, as a card
 * payment would move it.
 */
export async function markOrderPaid(db: Tx, deps: OrderDeps, actor: Actor, id: string): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Order not found');
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, id));
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status === 'cancelled') throw new AppError('CONFLICT', 'A cancelled order cannot be marked as paid.');
    if (order.paymentStatus !== 'unpaid')
      throw new AppError(
        'CONFLICT',
        sentence('This order is already {status, select, partially_refunded {partially refunded} other {{status}}}.', {
          status: order.paymentStatus,
        }),
      );
    if (order.paymentProvider !== 'manual')
      throw new AppError('CONFLICT', 'Card payments are confirmed by the card provider.');
    const status = order.status === 'pending' ? 'processing' : order.status;
    await tx
      .update(orders)
      .set({ paymentStatus: 'paid', status, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await creditPaidPackage(tx, order.id);
    await issuePurchasedGiftCard(tx, deps, order.id);
    await emitOrderEvent(
      tx,
      'order.updated',
      order.id,
      { kind: 'paid', from: order.status, to: status },
      eventActor(actor),
    );
  });
  return readOrder(db, id);
}

/**
 * Applies one verified provider event (recorded once by the caller, in `tx`) to the order it pays for: success
 * moves a pending order to processing; failure or expiry cancels it and puts its stock back. Money arriving for
 * an order that was already cancelled goes straight back. Answers what happened, for the log, or null when the
 * payment is no order's.
 */
export async function applyOrderPayment(
  tx: Tx,
  deps: OrderDeps,
  providerId: string,
  event: PaymentEvent & { outcome: 'paid' | 'failed' },
): Promise<'ignored' | 'applied' | null> {
  const order = await lockOrder(
    tx,
    and(eq(orders.paymentProvider, providerId), eq(orders.paymentReference, event.reference))!,
  );
  if (!order) return null;
  if (event.outcome === 'paid') {
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'ignored';
    if (order.status === 'cancelled') {
      await refundTheRest(tx, deps, null, order, 'Paid after the order was cancelled');
      await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: new Date() }).where(eq(orders.id, order.id));
      await emitOrderEvent(tx, 'order.updated', order.id);
      return 'applied';
    }
    const status = order.status === 'pending' ? 'processing' : order.status;
    await tx
      .update(orders)
      .set({ paymentStatus: 'paid', status, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await creditPaidPackage(tx, order.id);
    await issuePurchasedGiftCard(tx, deps, order.id);
    await emitOrderEvent(tx, 'order.updated', order.id, { kind: 'paid', from: order.status, to: status });
    return 'applied';
  }
  if (order.status !== 'pending' || order.paymentStatus !== 'unpaid') return 'ignored';
  await releaseOrder(tx, order.id);
  await refundToGiftCard(tx, deps, order.id, toCents(order.total), null);
  await tx
    .update(orders)
    .set({ status: 'cancelled', paymentStatus: 'failed', updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await emitOrderEvent(tx, 'order.updated', order.id, { kind: 'orderStatus', from: order.status, to: 'cancelled' });
  return 'applied';
}

// ---------------------------------------------------------------------------------------------------------
// Refunds

/**
 * Gives part or all of a paid order's money back (staff with orders.refund). The order's row lock makes
 * concurrent refunds of one order take turns, so each sees what the others gave back: together they never
 * exceed what was paid. Restocked lines must be the order's own, never more than it holds less what earlier
 * refunds restocked.
 */
export async function refundOrder(db: Tx, deps: OrderDeps, actor: Actor, input: RefundInput): Promise<Order> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', 'Order not found');
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, input.id));
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded') {
      throw new AppError(
        'CONFLICT',
        order.paymentStatus === 'refunded'
          ? 'This order has been refunded in full.'
          : 'Only a paid order can be refunded.',
      );
    }
    const left = toCents(order.total) - toCents(order.refundedAmount);
    const amountCents = toCents(input.amount);
    if (amountCents > left) {
      throw new AppError(
        'CONFLICT',
        sentence('A refund can be at most {left}, what is left of the {total} paid.', {
          left: money(fromCents(left), deps.currency),
          total: money(order.total, deps.currency),
        }),
      );
    }
    const restock = await checkRestock(tx, order.id, input.restock ?? []);
    await giveBack(tx, deps, order, {
      amountCents,
      reason: input.reason ?? null,
      restock,
      actorId: actor.id,
      mail: true,
    }).catch(providerFailure);
    await emitOrderEvent(tx, 'order.updated', order.id, { kind: 'refunded', amount: input.amount }, eventActor(actor));
  });
  return readOrder(db, input.id);
}

/** The lines to restock, merged by product, checked against what the order holds and has already restocked. */
async function checkRestock(tx: Tx, orderId: string, wanted: readonly RestockLine[]): Promise<RestockLine[]> {
  if (wanted.length === 0) return [];
  const held = rowsOf<{ product_id: string; name: string; quantity: number }>(
    await tx.execute(sql`
      select product_id, min(name) as name, sum(quantity)::integer as quantity
        from (select product_id, product_name as name, quantity from ${orderItems}
               where order_id = ${orderId}::uuid and product_id is not null
              union all
              select (r.line->>'productId')::uuid, null, -(r.line->>'quantity')::integer
                from ${orderRefunds} f, jsonb_array_elements(f.restock) as r(line)
               where f.order_id = ${orderId}::uuid) lines
       group by product_id`),
  );
  const merged = new Map<string, number>();
  for (const line of wanted) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => {
    const line = held.find((h) => h.product_id === productId);
    if (!line) throw new AppError('BAD_REQUEST', 'Only products of this order can be restocked.');
    if (quantity > line.quantity) {
      throw new AppError(
        'CONFLICT',
        line.quantity === 0
          ? sentence('{name} has already been restocked in full.', { name: line.name })
          : sentence('Only {count} of {name} can be restocked.', { count: line.quantity, name: line.name }),
      );
    }
    return { productId, quantity };
  });
}
