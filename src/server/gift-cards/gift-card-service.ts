import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { cartGiftCards, giftCardLedger, giftCardPurchases, giftCards, orders, users } from '../../../db/schema/index';
import { formatGiftCardCode, GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH } from '../../shared/gift-card-code';
import {
  type GiftCard,
  type GiftCardBalance,
  type GiftCardDetail,
  type GiftCardEntryKind,
  type IssueGiftCardInput,
} from '../../shared/gift-card-schema';
import { formatMoney, fromCents, orderNumber, toCents } from '../../shared/orders';
import { isErasedAddress } from '../../shared/customer-record-schema';
import type { Locale } from '../../shared/i18n/locales';
import { money, sentence } from '../../shared/i18n/sentence';
import { isUuid } from '../../shared/ids';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import { mailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';
import { isoInstant } from '../paging/page';
import { recordAudit } from '../audit/audit';
import { publish } from '../events/publish';

type Actor = Pick<SessionUser, 'id' | 'apiKey'>;

/** What gift-card services need besides the database: the business currency and where mails link to. */
export interface GiftCardDeps {
  currency: string;
  publicUrl: string;
  defaultLocale: Locale;
}

const NOT_FOUND = 'Gift card not found';
const BALANCE_CHANGED = "The gift card's balance has changed. Please review your cart before paying.";

/** 16 characters drawn with the system's secure generator: 80 random bits, not guessable by trying. */
export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return code;
}

const cardColumns = {
  id: giftCards.id,
  code: giftCards.code,
  initialAmount: giftCards.initialAmount,
  balance: giftCards.balance,
  currency: giftCards.currency,
  recipientEmail: giftCards.recipientEmail,
  message: giftCards.message,
  expiresAt: isoInstant(giftCards.expiresAt),
  isActive: giftCards.isActive,
  purchaseOrderId: giftCards.purchaseOrderId,
  createdAt: isoInstant(giftCards.createdAt),
};

/** Every card, newest first. */
export async function listGiftCards(db: Tx): Promise<GiftCard[]> {
  return (await db
    .select(cardColumns)
    .from(giftCards)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(500)) as GiftCard[];
}

/** One card with its ledger, oldest line first. */
export async function getGiftCard(db: Tx, id: string): Promise<GiftCardDetail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [card] = (await db.select(cardColumns).from(giftCards).where(eq(giftCards.id, id))) as GiftCard[];
  if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
  const ledger = await db
    .select({
      id: giftCardLedger.id,
      kind: giftCardLedger.kind,
      amount: giftCardLedger.amount,
      orderId: giftCardLedger.orderId,
      createdAt: isoInstant(giftCardLedger.createdAt),
    })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, id))
    .orderBy(asc(giftCardLedger.createdAt), asc(giftCardLedger.id));
  return { ...card, ledger: ledger as GiftCardDetail['ledger'] };
}

const readCard = async (tx: Tx, id: string) =>
  ((await tx.select(cardColumns).from(giftCards).where(eq(giftCards.id, id))) as GiftCard[])[0]!;

/** Writes a ledger line and tells webhook endpoints, in the caller's transaction. */
async function record(
  tx: Tx,
  cardId: string,
  kind: GiftCardEntryKind,
  amountCents: number,
  { orderId = null, actorId = null }: { orderId?: string | null; actorId?: string | null } = {},
) {
  await tx.insert(giftCardLedger).values({
    giftCardId: cardId,
    kind,
    amount: fromCents(kind === 'spent' || kind === 'voided' ? -amountCents : amountCents),
    orderId,
    createdBy: actorId,
  });
  await publish(tx, { type: `gift_card.${kind}`, data: () => readCard(tx, cardId) });
}

/** A new card with its "issued" line; retried with another code in the (astronomically rare) case of a clash. */
async function createCard(
  tx: Tx,
  values: {
    amount: string;
    currency: string;
    recipientEmail: string | null;
    message: string | null;
    expiresAt: Date | null;
    purchaseOrderId: string | null;
    createdBy: string | null;
    /** The order its "issued" line names: the one that bought it, or the one whose refund it holds. */
    orderId?: string;
  },
): Promise<string | null> {
  const { orderId = values.purchaseOrderId, ...card } = values;
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(giftCards)
          .values({ ...card, code: newGiftCardCode(), initialAmount: card.amount, balance: card.amount })
          .onConflictDoNothing({ target: giftCards.purchaseOrderId })
          .returning({ id: giftCards.id }),
      );
      if (!row) return null;
      await record(tx, row.id, 'issued', toCents(card.amount), { orderId, actorId: card.createdBy });
      return row.id;
    } catch (error) {
      if (attempt >= 3 || sqlState(error) !== '23505') throw error;
    }
  }
}

/**
 * Tells the recipient the code, in her language (her account's, else the business default): a gift from someone,
 * from the business, or the refund of an order (`refundOf`) that the card which paid it could no longer take.
 */
async function mailRecipient(tx: Tx, deps: GiftCardDeps, card: GiftCard, from: string | null, refundOf?: string) {
  if (!card.recipientEmail) return;
  const [account] = await tx
    .select({ locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${card.recipientEmail}`);
  const language = mailLanguage({ email: card.recipientEmail, locale: account?.locale ?? null }, deps);
  const { say } = language;
  const amount = formatMoney(card.initialAmount, card.currency, language.locale);
  await enqueueMail(tx, {
    to: card.recipientEmail,
    subject: say('mail.giftCard.subject', { amount }),
    text: [
      say('mail.helloNoName'),
      '',
      refundOf
        ? say('mail.giftCard.refund', { amount, number: orderNumber(refundOf) })
        : from
          ? say('mail.giftCard.fromSomeone', { amount, from })
          : say('mail.giftCard.fromUs', { amount }),
      ...(card.message ? ['', `"${card.message}"`] : []),
      '',
      say('mail.giftCard.code', { code: formatGiftCardCode(card.code) }),
      ...(card.expiresAt ? [say('mail.giftCard.expires', { date: language.day(card.expiresAt.slice(0, 10)) })] : []),
      '',
      say('mail.giftCard.howTo', { url: `${deps.publicUrl}/products` }),
    ].join('\n'),
  });
}

/** Staff issue a card (orders.manage); the recipient, when named, is e-mailed the code. */
export async function issueGiftCard(
  db: Tx,
  deps: GiftCardDeps,
  actor: Actor,
  input: IssueGiftCardInput,
): Promise<GiftCardDetail> {
  const id = await db.transaction(async (tx) => {
    const cardId = (await createCard(tx, {
      amount: input.amount,
      currency: deps.currency,
      recipientEmail: input.recipientEmail ?? null,
      message: input.message ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      purchaseOrderId: null,
      createdBy: actor.id,
    }))!;
    const card = await readCard(tx, cardId);
    await recordAudit(tx, actor, {
      action: 'gift_card.issued',
      entity: 'gift_card',
      entityId: cardId,
      summary: sentence('Issued gift card {code} of {amount}.', {
        code: formatGiftCardCode(card.code),
        amount: money(card.initialAmount, card.currency),
      }),
    });
    await mailRecipient(tx, deps, card, null);
    return cardId;
  });
  return getGiftCard(db, id);
}

/** Voids a card: what it holds is taken off with a "voided" line, and it can no longer be spent. */
export async function voidGiftCard(db: Tx, actor: Actor, id: string): Promise<GiftCardDetail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select({ code: giftCards.code, balance: giftCards.balance, isActive: giftCards.isActive })
      .from(giftCards)
      .where(eq(giftCards.id, id))
      .for('update');
    if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!card.isActive) throw new AppError('CONFLICT', 'This gift card is already void.');
    // It stays on the carts it was applied to, paying nothing: a customer who was shown it paying is then refused
    // at checkout (409) and shown why, rather than left owing what she was told the card paid.
    await tx.update(giftCards).set({ isActive: false, balance: '0' }).where(eq(giftCards.id, id));
    await record(tx, id, 'voided', toCents(card.balance), { actorId: actor.id });
    await recordAudit(tx, actor, {
      action: 'gift_card.voided',
      entity: 'gift_card',
      entityId: id,
      summary: sentence('Voided gift card {code}.', { code: formatGiftCardCode(card.code) }),
    });
  });
  return getGiftCard(db, id);
}

/** Anyone with a code: what it holds. A void card, or no card, is not found (the caller's address is rate limited). */
export async function giftCardBalance(db: Tx, code: string): Promise<GiftCardBalance> {
  const [card] = await db
    .select({ balance: giftCards.balance, currency: giftCards.currency, expiresAt: isoInstant(giftCards.expiresAt) })
    .from(giftCards)
    .where(and(eq(giftCards.code, code), eq(giftCards.isActive, true)));
  if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
  return card as GiftCardBalance;
}

// ---------------------------------------------------------------------------------------------------------
// Buying a card: an order of one line, the card made once it is paid

/** The line of a purchase order, as the order shows it. */
export const GIFT_CARD_LINE = 'Gift card';

export async function recordGiftCardPurchase(
  tx: Tx,
  orderId: string,
  input: { amount: string; recipientEmail: string; message?: string | null },
) {
  await tx.insert(giftCardPurchases).values({
    orderId,
    amount: input.amount,
    recipientEmail: input.recipientEmail,
    message: input.message ?? null,
  });
}

/**
 * The order-paid hook: when the order paid bought a gift card, the card is made (once: a second confirmation of
 * the same payment finds it made), the recipient is e-mailed its code. Any other order: nothing.
 */
export async function issuePurchasedGiftCard(tx: Tx, deps: GiftCardDeps, orderId: string): Promise<void> {
  const [purchase] = await tx
    .select({
      amount: giftCardPurchases.amount,
      recipientEmail: giftCardPurchases.recipientEmail,
      message: giftCardPurchases.message,
      buyer: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      buyerEmail: users.email,
    })
    .from(giftCardPurchases)
    .innerJoin(orders, eq(orders.id, giftCardPurchases.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(giftCardPurchases.orderId, orderId));
  if (!purchase) return;
  const cardId = await createCard(tx, {
    amount: purchase.amount,
    currency: deps.currency,
    recipientEmail: purchase.recipientEmail,
    message: purchase.message,
    expiresAt: null,
    purchaseOrderId: orderId,
    createdBy: null,
  });
  if (cardId) await mailRecipient(tx, deps, await readCard(tx, cardId), purchase.buyer || purchase.buyerEmail);
}

/** The cards bought by the given orders, for their answers. */
export async function boughtGiftCards(db: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { code: string; amount: string; recipientEmail: string }>();
  const rows = await db
    .select({
      orderId: giftCards.purchaseOrderId,
      code: giftCards.code,
      amount: giftCards.initialAmount,
      recipientEmail: giftCards.recipientEmail,
    })
    .from(giftCards)
    .where(inArray(giftCards.purchaseOrderId, orderIds));
  return new Map(
    rows.map((r) => [r.orderId!, { code: r.code, amount: r.amount, recipientEmail: r.recipientEmail ?? '' }]),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The cart's card

/** Why a card cannot pay now, or null when it can. */
function unusable(card: { isActive: boolean; expiresAt: Date | null; balance: string }, now = new Date()) {
  if (!card.isActive) return 'This gift card is void.';
  if (card.expiresAt && card.expiresAt <= now) return 'This gift card has expired.';
  if (toCents(card.balance) <= 0) return 'This gift card has no balance left.';
  return null;
}

/** The card applied to a cart, as the cart is priced: see cartGiftCardShare. */
export interface CartGiftCardShare {
  code: string;
  /** What it pays of the total now: min(balance, total); 0 when it cannot pay (`problem` says why). */
  amountCents: number;
  problem: string | null;
  /** Its balance now, as far as it can pay (0 when it cannot): what the customer is shown when the cart is. */
  balanceCents: number;
  /** What it pays of the total by the balance the customer was last shown: what the checkout takes from it. */
  promisedCents: number;
}

/** The caller's card against a cart total (null when no card is applied). */
export async function cartGiftCardShare(db: Tx, userId: string, totalCents: number): Promise<CartGiftCardShare | null> {
  const [row] = await db
    .select({
      code: giftCards.code,
      balance: giftCards.balance,
      isActive: giftCards.isActive,
      expiresAt: giftCards.expiresAt,
      shownBalance: cartGiftCards.shownBalance,
    })
    .from(cartGiftCards)
    .innerJoin(giftCards, eq(giftCards.id, cartGiftCards.giftCardId))
    .where(eq(cartGiftCards.userId, userId));
  if (!row) return null;
  const problem = unusable(row);
  const balanceCents = problem ? 0 : toCents(row.balance);
  return {
    code: row.code,
    amountCents: Math.min(balanceCents, totalCents),
    problem,
    balanceCents,
    promisedCents: Math.min(toCents(row.shownBalance), totalCents),
  };
}

/** Keeps the balance the customer has just been shown (the priced cart): the checkout holds the card to it. */
export async function rememberShownGiftCard(db: Tx, userId: string, balanceCents: number): Promise<void> {
  const balance = fromCents(balanceCents);
  await db
    .update(cartGiftCards)
    .set({ shownBalance: balance })
    .where(and(eq(cartGiftCards.userId, userId), ne(cartGiftCards.shownBalance, balance)));
}

/** Applies a card to the caller's cart (replacing any other), when it can pay now. */
export async function applyCartGiftCard(db: Tx, userId: string, code: string): Promise<void> {
  const [card] = await db
    .select({
      id: giftCards.id,
      balance: giftCards.balance,
      isActive: giftCards.isActive,
      expiresAt: giftCards.expiresAt,
    })
    .from(giftCards)
    .where(eq(giftCards.code, code));
  if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
  const refusal = unusable(card);
  if (refusal) throw new AppError('BAD_REQUEST', refusal);
  const applied = { giftCardId: card.id, shownBalance: card.balance, createdAt: new Date() };
  await db
    .insert(cartGiftCards)
    .values({ userId, ...applied })
    .onConflictDoUpdate({ target: cartGiftCards.userId, set: applied });
}

export async function removeCartGiftCard(db: Tx, userId: string): Promise<void> {
  await db.delete(cartGiftCards).where(eq(cartGiftCards.userId, userId));
}

/**
 * What the checkout takes from the cart's card: what the customer was shown it pays (`promisedCents`). Refused
 * (409) when it pays less now: someone spent from it, or it expired or was voided, since the customer saw the cart.
 */
export function promisedGiftCardCents(card: CartGiftCardShare | null): number {
  if (!card) return 0;
  if (card.amountCents < card.promisedCents) throw new AppError('CONFLICT', BALANCE_CHANGED);
  return card.promisedCents;
}

/**
 * Inside the checkout's transaction: the cart's card pays what it was shown to pay (`shownCents`, at most the
 * total). One conditional update decides, under the card's row lock: concurrent checkouts on one card take
 * turns, and one that finds less than it was shown is refused (409) and rolls back whole. The ledger line is
 * written once the order exists (recordGiftCardSpend).
 */
export async function takeCartGiftCard(
  tx: Tx,
  userId: string,
  { totalCents, shownCents }: { totalCents: number; shownCents: number },
): Promise<{ giftCardId: string; cents: number } | null> {
  const [applied] = await tx
    .delete(cartGiftCards)
    .where(eq(cartGiftCards.userId, userId))
    .returning({ giftCardId: cartGiftCards.giftCardId });
  if (!applied) {
    if (shownCents > 0) throw new AppError('CONFLICT', BALANCE_CHANGED);
    return null;
  }
  const cents = Math.min(shownCents, totalCents);
  if (cents <= 0) return null;
  const amount = fromCents(cents);
  const [spent] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${giftCards} set balance = balance - ${amount}::numeric
       where id = ${applied.giftCardId}::uuid and is_active and balance >= ${amount}::numeric
         and (expires_at is null or expires_at > now())
      returning id`),
  );
  if (!spent) throw new AppError('CONFLICT', BALANCE_CHANGED);
  return { giftCardId: spent.id, cents };
}

/** The "spent" line of what takeCartGiftCard took, tied to the order now placed. */
export async function recordGiftCardSpend(tx: Tx, spend: { giftCardId: string; cents: number }, orderId: string) {
  await record(tx, spend.giftCardId, 'spent', spend.cents, { orderId });
}

/**
 * Gives money of an order back to the card that paid it, first (up to what the card paid less what went back to a
 * card already); answers the cents given back that way, the rest being the payment provider's to refund. A card
 * that can no longer be spent (voided or expired since) would swallow the money: it goes on a new card instead,
 * for the order's customer, who is e-mailed its code (`onNewCard`).
 */
export async function refundToGiftCard(
  tx: Tx,
  deps: GiftCardDeps,
  orderId: string,
  amountCents: number,
  actorId: string | null,
): Promise<{ cents: number; onNewCard: boolean }> {
  const nothing = { cents: 0, onNewCard: false };
  // What cards paid and got back of this order: spent and refunded lines, and the first line of a card made for
  // its refund (not that of a card the order bought).
  const lines = await tx
    .select({
      giftCardId: giftCardLedger.giftCardId,
      kind: giftCardLedger.kind,
      amount: giftCardLedger.amount,
      spendable: sql<boolean>`${giftCards.isActive} and (${giftCards.expiresAt} is null or ${giftCards.expiresAt} > now())`,
    })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
    .where(
      and(
        eq(giftCardLedger.orderId, orderId),
        or(
          inArray(giftCardLedger.kind, ['spent', 'refunded']),
          and(eq(giftCardLedger.kind, 'issued'), sql`${giftCards.purchaseOrderId} is distinct from ${orderId}`),
        ),
      ),
    )
    // A void at the same moment waits for this refund, or this refund sees the card void: never money put on a
    // card just voided.
    .for('update', { of: giftCards });
  const spent = lines.find((l) => l.kind === 'spent');
  if (!spent) return nothing;
  // Spent lines are negative, the others positive: their sum is minus what cards have still paid.
  const owed = -lines.reduce((sum, l) => sum + toCents(l.amount), 0);
  const back = Math.min(owed, amountCents);
  if (back <= 0) return nothing;
  if (spent.spendable) {
    await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${fromCents(back)}::numeric` })
      .where(eq(giftCards.id, spent.giftCardId));
    await record(tx, spent.giftCardId, 'refunded', back, { orderId, actorId });
    return { cents: back, onNewCard: false };
  }
  const [customer] = await tx
    .select({ email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const email = customer && !isErasedAddress(customer.email) ? customer.email.toLowerCase() : null;
  const cardId = (await createCard(tx, {
    amount: fromCents(back),
    currency: deps.currency,
    recipientEmail: email,
    message: null,
    expiresAt: null,
    purchaseOrderId: null,
    createdBy: actorId,
    orderId,
  }))!;
  await mailRecipient(tx, deps, await readCard(tx, cardId), null, orderId);
  return { cents: back, onNewCard: true };
}
