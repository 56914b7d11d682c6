import type { Tx } from '../../../db/client';
import type { Locale } from '../../shared/i18n/locales';
import { formatMoney, orderNumber, type OrderStatus } from '../../shared/orders';
import { mailLanguage, type MailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';

interface MailOrder {
  id: string;
  total: string;
  subtotal: string;
  discount: string;
  discountCode: string | null;
  tax: string;
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

/** The confirmation a customer gets when the order is placed, in the checkout's transaction. */
export function enqueueOrderConfirmation(tx: Tx, to: Recipient, order: MailOrder, business: Business) {
  const language = mailLanguage(to, business);
  const { say } = language;
  const money = (amount: string) => formatMoney(amount, business.currency, language.locale);
  const number = orderNumber(order.id);
  return enqueueMail(tx, {
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
      '',
      say(order.paymentProvider === 'manual' ? 'mail.order.payOnPickup' : 'mail.order.payByCard'),
      say('mail.order.yourOrders', { url: `${business.publicUrl}/profile` }),
    ].join('\n'),
  });
}

/** Tells the customer that their order moved to a new status. */
export function enqueueOrderStatusMail(
  tx: Tx,
  to: Recipient,
  orderId: string,
  status: OrderStatus,
  business: Business,
) {
  const language = mailLanguage(to, business);
  const number = orderNumber(orderId);
  return enqueueMail(tx, {
    to: to.email,
    subject: language.say('mail.order.statusSubject', { number, status }),
    text: [
      greeting(to, language),
      '',
      language.say('mail.order.status', { number, status }),
      '',
      language.say('mail.order.yourOrders', { url: `${business.publicUrl}/profile` }),
    ].join('\n'),
  });
}

/** Tells the customer that money went back to them, and how much of the order's payment that makes. */
export function enqueueRefundMail(
  tx: Tx,
  to: Recipient,
  refund: { orderId: string; amount: string; refundedAmount: string; total: string; reason: string | null },
  business: Business,
) {
  const language = mailLanguage(to, business);
  const { say } = language;
  const money = (amount: string) => formatMoney(amount, business.currency, language.locale);
  const number = orderNumber(refund.orderId);
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
      say('mail.order.refundArrives'),
      say('mail.order.yourOrder', { url: `${business.publicUrl}/orders/${refund.orderId}` }),
    ].join('\n'),
  });
}
