import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { defineSubscriber, type Announced } from '../events/subscriber';
import { enqueueEach } from '../jobs/enqueue';
import { mailKind } from '../mail/delivery';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { getSettings } from '../settings/settings-service';
import type { Locale } from '../../shared/i18n/locales';
import {
  formatMoney,
  fromCents,
  orderNumber,
  paymentStatuses,
  toCents,
  type OrderStatus,
  type PaymentStatus,
} from '../../shared/orders';
import { mailLanguage, type MailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';

interface MailOrder {
  id: string;
  total: string;
  subtotal: string;
  discount: string;
  discountCode: string | null;
  tax: string;
  /** What a gift card paid of the total; the payment covers the rest. */
  giftCardAmount: string;
  /** As the order was placed: paid when a gift card paid it all or the payment had already settled. */
  paymentStatus: PaymentStatus;
  paymentProvider: string;
  items: { name: string; price: string; quantity: number }[];
}

/** Where the mails link to, and the business currency their amounts are in. */
interface Business {
  publicUrl: string;
  currency: string;
  /** The language of mail to a customer who chose none. */
  defaultLocale: Locale;
}

interface Recipient {
  email: string;
  firstName: string;
  /** Their chosen language; null or left out: the business default. */
  locale?: Locale | null;
}

function greeting(to: Recipient, language: MailLanguage) {
  return to.firstName ? language.say('mail.hello', { name: to.firstName }) : language.say('mail.helloNoName');
}

/** The confirmation a customer gets when the order is placed. */
export function orderConfirmation(to: Recipient, order: MailOrder, business: Business): OutgoingMail {
  const language = mailLanguage(to, business);
  const { say } = language;
  const money = (amount: string) => formatMoney(amount, business.currency, language.locale);
  const number = orderNumber(order.id);
  const usedCard = toCents(order.giftCardAmount) > 0;
  const paid = order.paymentStatus === 'paid';
  const amountDue = fromCents(toCents(order.total) - toCents(order.giftCardAmount));
  const howToPay = paid
    ? 'mail.order.paid'
    : order.paymentProvider === 'manual'
      ? 'mail.order.payOnPickup'
      : 'mail.order.payByCard';
  return {
    to: to.email,
    subject: say('mail.order.receivedSubject', { number }),
    text: [
      greeting(to, language),
      '',
      say('mail.order.thanks', { number }),
      '',
      ...order.items.map(
        (i) => `  ${say('mail.order.line', { quantity: i.quantity, name: i.name, price: money(i.price) })}`,
      ),
      '',
      say('mail.order.subtotal', { amount: money(order.subtotal) }),
      ...(order.discountCode
        ? [say('mail.order.discount', { code: order.discountCode, amount: money(order.discount) })]
        : []),
      say('mail.order.shipping'),
      say('mail.order.tax', { amount: money(order.tax) }),
      say('mail.order.total', { amount: money(order.total) }),
      // As the order's totals on screen show it: what the card paid, then what the payment still has to cover.
      ...(usedCard ? [say('mail.order.giftCard', { amount: money(order.giftCardAmount) })] : []),
      ...(usedCard && !paid ? [say('mail.order.amountDue', { amount: money(amountDue) })] : []),
      '',
      say(howToPay),
      say('mail.order.yourOrders', { url: `${business.publicUrl}/profile` }),
    ].join('\n'),
  };
}

/** Tells the customer that their order moved to a new status. */
function orderStatusMail(to: Recipient, orderId: string, status: OrderStatus, business: Business): OutgoingMail {
  const language = mailLanguage(to, business);
  const number = orderNumber(orderId);
  return {
    to: to.email,
    subject: language.say('mail.order.statusSubject', { number, status }),
    text: [
      greeting(to, language),
      '',
      language.say('mail.order.status', { number, status }),
      '',
      language.say('mail.order.yourOrders', { url: `${business.publicUrl}/profile` }),
    ].join('\n'),
  };
}

/**
 * The customer's mails about an order: its confirmation when it is placed (from the cart, for a customer, a package
 * or a gift card alike), and a mail when it moves to another status. Each mail's key names the event it tells of.
 */
/** The status an order's change moved it to (a status change, or a payment that moved it); undefined for none. */
const movedTo = (change: Announced<unknown>['change']) =>
  (change?.kind === 'orderStatus' || change?.kind === 'paid') && change.from !== change.to ? change.to : undefined;

export const orderMails = defineSubscriber(
  'orderMails',
  {
    on: ['order.created', 'order.updated'],
    data: z.object({
      id: z.string(),
      userId: z.string(),
      total: z.string(),
      subtotal: z.string(),
      discount: z.string(),
      discountCode: z.string().nullable(),
      tax: z.string(),
      giftCardAmount: z.string(),
      paymentStatus: z.enum(paymentStatuses),
      paymentProvider: z.string(),
      items: z.array(z.object({ name: z.string(), price: z.string(), quantity: z.number() })),
    }),
    when: ({ type, change }) => type === 'order.created' || movedTo(change) !== undefined,
  },
  (deps: { env: { publicUrl: string } }) => ({
    async runAll(tx, events) {
      const [settings, recipients] = await Promise.all([
        getSettings(tx),
        tx
          .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
          .from(users)
          .where(inArray(users.id, [...new Set(events.map((event) => event.data.userId))])),
      ]);
      const business = {
        publicUrl: deps.env.publicUrl,
        currency: settings.currency,
        defaultLocale: settings.defaultLocale,
      };
      const queued = events.flatMap(({ eventId, type, data, change }) => {
        const to = recipients.find((user) => user.id === data.userId);
        if (!to) return [];
        const mail =
          type === 'order.created'
            ? orderConfirmation(to, data, business)
            : movedTo(change) && orderStatusMail(to, data.id, movedTo(change)!, business);
        return mail ? [{ job: mailKind, payload: mail, uniqueKey: `order-mail:${eventId}` }] : [];
      });
      await enqueueEach(tx, queued);
    },
  }),
);

/**
 * Tells the customer that money went back to them, how much of the order's payment that makes, and where it went:
 * the gift card's part to the card, the rest the way they paid.
 */
export function enqueueRefundMail(
  tx: Tx,
  to: Recipient,
  refund: {
    orderId: string;
    amount: string;
    /** The part of the amount that went back to the gift card that paid for the order. */
    giftCardAmount: string;
    /** Whether that part is on a new card (its code mailed apart), the card that paid being no longer valid. */
    onNewGiftCard: boolean;
    refundedAmount: string;
    total: string;
    reason: string | null;
  },
  business: Business,
) {
  const language = mailLanguage(to, business);
  const { say } = language;
  const money = (amount: string) => formatMoney(amount, business.currency, language.locale);
  const number = orderNumber(refund.orderId);
  const cardCents = toCents(refund.giftCardAmount);
  const restCents = toCents(refund.amount) - cardCents;
  return enqueueMail(tx, {
    to: to.email,
    subject: say('mail.order.refundSubject', { amount: money(refund.amount), number }),
    text: [
      greeting(to, language),
      '',
      say('mail.order.refunded', { amount: money(refund.amount), number }),
      ...(refund.reason ? [say('mail.order.refundReason', { reason: refund.reason })] : []),
      say('mail.order.refundedSoFar', { refunded: money(refund.refundedAmount), total: money(refund.total) }),
      '',
      ...(cardCents > 0
        ? [
            say(refund.onNewGiftCard ? 'mail.order.refundToNewGiftCard' : 'mail.order.refundToGiftCard', {
              amount: money(refund.giftCardAmount),
            }),
          ]
        : []),
      ...(cardCents > 0 && restCents > 0
        ? [say('mail.order.refundRest', { amount: money(fromCents(restCents)) })]
        : []),
      ...(restCents > 0 ? [say('mail.order.refundArrives')] : []),
      say('mail.order.yourOrder', { url: `${business.publicUrl}/orders/${refund.orderId}` }),
    ].join('\n'),
  });
}
