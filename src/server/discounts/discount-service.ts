import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { cartDiscounts, discountCodes, orders } from '../../../db/schema/index';
import {
  brokenRules,
  type ApplyDiscountInput,
  type Discount,
  type DiscountInput,
  type DiscountUpdateInput,
  type PricedCart,
} from '../../shared/discount-schema';
import { cartTotals, fromCents, toCents, type DiscountRule } from '../../shared/orders';
import { cartGiftCardShare, rememberShownGiftCard, type CartGiftCardShare } from '../gift-cards/gift-card-service';
import type { Actor } from '../auth/sessions';
import { listCart } from '../cart/cart-service';
import { isUuid } from '../../shared/ids';
import { sqlState } from '../../../db/errors';
import { AppError, type AppErrorCode } from '../app-error';
import { recordAudit } from '../audit/audit';
import { getSettings } from '../settings/settings-service';
import { catalogueFor } from '../../shared/i18n/catalogues';
import type { Locale } from '../../shared/i18n/locales';
import { money, saySentence, sentence, type Sentence } from '../../shared/i18n/sentence';

const USED_UP = 'This discount code has been used up.';

const discountColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  value: discountCodes.value,
  minSubtotal: discountCodes.minSubtotal,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  perCustomerLimit: discountCodes.perCustomerLimit,
  isActive: discountCodes.isActive,
  timesUsed: discountCodes.timesUsed,
  createdAt: discountCodes.createdAt,
};

type DiscountRow = Omit<Discount, 'startsAt' | 'endsAt' | 'createdAt'> & {
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
};

function answerDiscount(row: DiscountRow): Discount {
  return {
    ...row,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Managing codes (staff with orders.edit)

/** Every code, newest first, with how often it has been used. */
export async function listDiscounts(db: Tx): Promise<Discount[]> {
  const rows = await db
    .select(discountColumns)
    .from(discountCodes)
    .orderBy(sql`${discountCodes.createdAt} desc`);
  return rows.map(answerDiscount);
}

function settingsOf(input: DiscountInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minSubtotal: input.minSubtotal ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? 1,
    isActive: input.isActive ?? true,
  };
}

/**
 * What a refused write of a code means to the person who tried it. The input's own rules are checked before
 * it gets here, so the only check the table can still fail is the usage limit against the uses counted.
 */
function refusedWrite(error: unknown, input: { code?: string }): never {
  if (sqlState(error) === '23505' && input.code)
    throw new AppError('CONFLICT', sentence('A discount code {code} already exists.', { code: input.code }));
  if (sqlState(error) === '23514')
    throw new AppError('CONFLICT', 'The usage limit cannot be lower than the number of times the code was used.');
  throw error;
}

export async function createDiscount(db: Tx, actor: Actor, input: DiscountInput): Promise<Discount> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(settingsOf(input)).returning(discountColumns);
      await recordAudit(tx, actor, {
        action: 'discount.created',
        entity: 'discount',
        entityId: row!.id,
        summary: sentence('Created discount code {code}.', { code: row!.code }),
      });
      return answerDiscount(row!);
    })
    .catch((error: unknown) => refusedWrite(error, input));
}

/**
 * Changes the settings a request names and keeps the others; its count of uses stays. The rules between fields
 * hold for the code as it would be (a percent value sent alone is checked against the stored kind).
 */
export async function updateDiscount(db: Tx, actor: Actor, input: DiscountUpdateInput): Promise<Discount> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', 'Discount code not found');
  const { id, ...fields } = input;
  return db
    .transaction(async (tx) => {
      const [current] = await tx
        .select(discountColumns)
        .from(discountCodes)
        .where(eq(discountCodes.id, id))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', 'Discount code not found');
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as typeof fields;
      const [broken] = brokenRules({ ...answerDiscount(current), ...changes });
      if (broken) throw new AppError('BAD_REQUEST', broken.message);
      const { startsAt, endsAt, ...rest } = changes;
      const [row] = await tx
        .update(discountCodes)
        .set({
          ...rest,
          ...(startsAt === undefined ? {} : { startsAt: startsAt ? new Date(startsAt) : null }),
          ...(endsAt === undefined ? {} : { endsAt: endsAt ? new Date(endsAt) : null }),
          updatedAt: new Date(),
        })
        .where(eq(discountCodes.id, id))
        .returning(discountColumns);
      await recordAudit(tx, actor, {
        action: 'discount.updated',
        entity: 'discount',
        entityId: row!.id,
        summary: row!.isActive
          ? sentence('Changed discount code {code}.', { code: row!.code })
          : sentence('Changed discount code {code} (inactive).', { code: row!.code }),
      });
      return answerDiscount(row!);
    })
    .catch((error: unknown) => refusedWrite(error, input));
}

/** Deletes a code. Orders that used it keep its name and their discount; carts holding it lose it. */
export async function deleteDiscount(db: Tx, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Discount code not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(discountCodes)
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id, code: discountCodes.code });
    if (!row) throw new AppError('NOT_FOUND', 'Discount code not found');
    await recordAudit(tx, actor, {
      action: 'discount.deleted',
      entity: 'discount',
      entityId: row.id,
      summary: sentence('Deleted discount code {code}.', { code: row.code }),
    });
    return { success: true as const, id };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Whether a code applies

interface Refusal {
  code: AppErrorCode;
  said: Sentence | string;
}

/**
 * Why a code does not apply to a customer's cart now, or null when it does. Used up and already used by
 * this customer are conflicts with other people's (or the customer's own) orders; the rest are bad codes.
 */
async function refusalOf(
  db: Tx,
  code: DiscountRow,
  { subtotalCents, customerUses, now }: { subtotalCents: number; customerUses: number; now: Date },
): Promise<Refusal | null> {
  if (!code.isActive) return { code: 'BAD_REQUEST', said: 'This discount code is not active.' };
  if (code.startsAt && now < code.startsAt)
    return { code: 'BAD_REQUEST', said: 'This discount code is not valid yet.' };
  if (code.endsAt && now >= code.endsAt) return { code: 'BAD_REQUEST', said: 'This discount code has expired.' };
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return { code: 'CONFLICT', said: USED_UP };
  if (customerUses >= code.perCustomerLimit) {
    return {
      code: 'CONFLICT',
      said:
        code.perCustomerLimit === 1
          ? 'You have already used this discount code.'
          : sentence('You have already used this discount code {count} times.', { count: code.perCustomerLimit }),
    };
  }
  if (code.minSubtotal !== null && subtotalCents < toCents(code.minSubtotal)) {
    // The only refusal that names an amount: the settings are read for its currency then, not on every check.
    const { currency } = await getSettings(db);
    return {
      code: 'BAD_REQUEST',
      said: sentence('This discount code needs a subtotal of at least {amount}.', {
        amount: money(code.minSubtotal, currency),
      }),
    };
  }
  return null;
}

/** How many of a customer's orders that still stand carry a code. */
async function usesBy(db: Tx, userId: string, discountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(orders)
    .where(and(eq(orders.discountId, discountId), eq(orders.userId, userId), ne(orders.status, 'cancelled')));
  return Number(row?.n ?? 0);
}

async function appliedCode(db: Tx, userId: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select(discountColumns)
    .from(cartDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscounts.discountId))
    .where(eq(cartDiscounts.userId, userId));
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The cart's code

/** A priced cart as the services hold it: why its code no longer applies is said in a language when answered. */
interface CartPrice extends Omit<PricedCart, 'discount' | 'giftCard'> {
  discount: (Omit<NonNullable<PricedCart['discount']>, 'problem'> & { problem: Sentence | string | null }) | null;
  giftCard: CartGiftCardShare | null;
}

/** The priced cart as an answer says it: its code's and card's problems in the answer's language. */
export function saidIn(locale: Locale, cart: CartPrice): PricedCart {
  const say = (said: Sentence | string | null) => said && saySentence(catalogueFor(locale), said);
  const { giftCard } = cart;
  return {
    ...cart,
    discount: cart.discount && { ...cart.discount, problem: say(cart.discount.problem) },
    giftCard: giftCard && {
      code: giftCard.code,
      amount: fromCents(giftCard.amountCents),
      problem: say(giftCard.problem),
    },
  };
}

/**
 * The priced cart as the caller is about to be shown it (every answer that prices the cart): the card's balance it
 * was priced with is kept, so that the checkout takes what the customer saw the card pay, or refuses.
 */
export async function showCart(db: Tx, user: Actor): Promise<CartPrice> {
  const cart = await priceCart(db, user);
  if (cart.giftCard) await rememberShownGiftCard(db, user.id, cart.giftCard.balanceCents);
  return cart;
}

/** The caller's cart priced as it would be charged now, with the applied code and why it no longer applies. */
export async function priceCart(db: Tx, user: Actor): Promise<CartPrice> {
  const [items, code] = await Promise.all([listCart(db, user), appliedCode(db, user.id)]);
  const plain = cartTotals(items);
  const refusal = code
    ? await refusalOf(db, code, {
        subtotalCents: toCents(plain.subtotal),
        customerUses: await usesBy(db, user.id, code.id),
        now: new Date(),
      })
    : null;
  const totals = code && !refusal ? cartTotals(items, code) : plain;
  const totalCents = toCents(totals.total);
  const giftCard = await cartGiftCardShare(db, user.id, totalCents);
  return {
    items,
    subtotal: totals.subtotal,
    discount: code ? { code: code.code, amount: totals.discount, problem: refusal?.said ?? null } : null,
    shipping: totals.shipping,
    tax: totals.tax,
    total: totals.total,
    giftCard,
    amountDue: fromCents(totalCents - (giftCard?.amountCents ?? 0)),
  };
}

/** Applies a code to the caller's cart (replacing any other), when it applies now. */
export async function applyCartDiscount(db: Tx, user: Actor, input: ApplyDiscountInput): Promise<CartPrice> {
  const [code] = await db.select(discountColumns).from(discountCodes).where(eq(discountCodes.code, input.code));
  if (!code) throw new AppError('BAD_REQUEST', 'This discount code does not exist.');
  const items = await listCart(db, user);
  const refusal = await refusalOf(db, code, {
    subtotalCents: toCents(cartTotals(items).subtotal),
    customerUses: await usesBy(db, user.id, code.id),
    now: new Date(),
  });
  if (refusal) throw new AppError(refusal.code, refusal.said);
  await db
    .insert(cartDiscounts)
    .values({ userId: user.id, discountId: code.id })
    .onConflictDoUpdate({ target: cartDiscounts.userId, set: { discountId: code.id, createdAt: new Date() } });
  return showCart(db, user);
}

/** Takes the code off the caller's cart (nothing to take off is fine). */
export async function removeCartDiscount(db: Tx, user: Actor): Promise<CartPrice> {
  await db.delete(cartDiscounts).where(eq(cartDiscounts.userId, user.id));
  return showCart(db, user);
}

// ---------------------------------------------------------------------------------------------------------
// The checkout's use of a code

/** The code an order is placed with: its name as stored, and what it takes off. */
export type ClaimedDiscount = DiscountRule & { id: string; code: string };

/**
 * Inside the checkout's transaction: counts one use of the code on the customer's cart, or refuses the
 * checkout (409) with the reason it no longer applies. The conditional increment takes the code's row lock,
 * so concurrent checkouts count one at a time and the last use goes to exactly one of them; the customer's
 * own earlier orders are counted under that lock too. A refusal rolls the transaction back, count included.
 */
export async function claimCartDiscount(
  tx: Tx,
  userId: string,
  subtotalCents: number,
): Promise<ClaimedDiscount | null> {
  const [applied] = await tx
    .select({ discountId: cartDiscounts.discountId })
    .from(cartDiscounts)
    .where(eq(cartDiscounts.userId, userId));
  if (!applied) return null;
  const [claimed] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${discountCodes} set times_used = times_used + 1
       where id = ${applied.discountId}::uuid and (usage_limit is null or times_used < usage_limit)
      returning id`),
  );
  if (!claimed) throw new AppError('CONFLICT', USED_UP);
  const [code] = await tx.select(discountColumns).from(discountCodes).where(eq(discountCodes.id, claimed.id));
  const refusal = await refusalOf(
    tx,
    // The use just counted is this checkout's own.
    { ...code!, timesUsed: code!.timesUsed - 1 },
    { subtotalCents, customerUses: await usesBy(tx, userId, claimed.id), now: new Date() },
  );
  if (refusal) throw new AppError('CONFLICT', refusal.said);
  return { id: code!.id, code: code!.code, kind: code!.kind, value: code!.value };
}

/** A cancelled order gives its use of a code back. */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update ${discountCodes} d set times_used = d.times_used - 1
      from ${orders} o
     where o.id = ${orderId}::uuid and d.id = o.discount_id and d.times_used > 0`);
}
