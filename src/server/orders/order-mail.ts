import type { Tx } from '../../../db/client';
import { formatMoney, orderNumber, type OrderStatus } from '../../shared/orders';
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
}

interface Recipient {
  email: string;
  firstName: string;
}

function greeting(to: Recipient) {
  return to.firstName ? `Hello ${to.firstName},` : 'Hello,';
}

/** The confirmation a customer gets when the order is placed, in the checkout's transaction. */
export function enqueueOrderConfirmation(tx: Tx, to: Recipient, order: MailOrder, { publicUrl, currency }: Business) {
  const money = (amount: string) => formatMoney(amount, currency);
  const lines = order.items.map((i) => `  ${i.quantity} x ${i.name} at ${money(i.price)}`).join('\n');
  const payment =
    order.paymentProvider === 'manual'
      ? 'You pay when you pick your order up.'
      : 'We will start on your order as soon as your card payment is confirmed.';
  return enqueueMail(tx, {
    to: to.email,
    subject: `Order #${orderNumber(order.id)} received`,
    text: [
      greeting(to),
      '',
      `thank you for your order #${orderNumber(order.id)}.`,
      '',
      lines,
      '',
      `Subtotal: ${money(order.subtotal)}`,
      ...(order.discountCode ? [`Discount (${order.discountCode}): -${money(order.discount)}`] : []),
      'Shipping: Free',
      `Tax: ${money(order.tax)}`,
      `Total: ${money(order.total)}`,
      '',
      payment,
      `Your orders: ${publicUrl}/profile`,
    ].join('\n'),
  });
}

const statusSentences: Record<OrderStatus, string> = {
  pending: 'is waiting for payment.',
  processing: 'is being prepared.',
  completed: 'is complete. Thank you for shopping with us!',
  cancelled: 'has been cancelled. Any payment made for it is refunded.',
};

/** Tells the customer that their order moved to a new status. */
export function enqueueOrderStatusMail(tx: Tx, to: Recipient, orderId: string, status: OrderStatus, publicUrl: string) {
  return enqueueMail(tx, {
    to: to.email,
    subject: `Order #${orderNumber(orderId)} is ${status}`,
    text: [
      greeting(to),
      '',
      `your order #${orderNumber(orderId)} ${statusSentences[status]}`,
      '',
      `Your orders: ${publicUrl}/profile`,
    ].join('\n'),
  });
}

/** Tells the customer that money went back to them, and how much of the order's payment that makes. */
export function enqueueRefundMail(
  tx: Tx,
  to: Recipient,
  refund: { orderId: string; amount: string; refundedAmount: string; total: string; reason: string | null },
  { publicUrl, currency }: Business,
) {
  const money = (amount: string) => formatMoney(amount, currency);
  const number = orderNumber(refund.orderId);
  return enqueueMail(tx, {
    to: to.email,
    subject: `Refund of ${money(refund.amount)} for order #${number}`,
    text: [
      greeting(to),
      '',
      `we have refunded ${money(refund.amount)} for your order #${number}.`,
      ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
      `Refunded so far: ${money(refund.refundedAmount)} of ${money(refund.total)}.`,
      '',
      'A card refund usually reaches your account within 5 to 10 business days; money paid in the shop is handed back there.',
      `Your order: ${publicUrl}/orders/${refund.orderId}`,
    ].join('\n'),
  });
}
