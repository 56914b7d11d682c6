import { pageQueryFields } from './page-schema';
import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { moneyInput, ZId, ZQuantityInput } from './catalog-schema';
import { orderStatuses, paymentStatuses } from './orders';
import { zDateInput, zInstant } from './wire-formats';

const ZOrderStatus = z.enum(orderStatuses, {
  error: issueMessage('Status must be one of {statuses}', { statuses: orderStatuses.join(', ') }),
});

export const ZUpdateCartItemInput = z.object({ id: ZId, quantity: ZQuantityInput });
export type UpdateCartItemInput = z.infer<typeof ZUpdateCartItemInput>;

export const ZCartItemIdInput = z.object({ id: ZId });

/** The amount the client believes it pays (its cart subtotal); the server prices the cart itself. */
export const ZPaymentIntentInput = z.object({
  amount: z
    .union([z.number(), z.string()], { error: 'Amount must be a number' })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(n) || n < 0 || n > 99_999_999.99) {
        ctx.addIssue({ code: 'custom', message: 'Amount must be a number' });
        return z.NEVER;
      }
      return Math.round(n * 100);
    })
    .optional(),
});
export type PaymentIntentInput = z.infer<typeof ZPaymentIntentInput>;

export const ZPaymentProviderId = z.enum(['manual', 'stripe']);
export type PaymentProviderId = z.infer<typeof ZPaymentProviderId>;

export const ZPaymentIntent = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** The total to pay, tax included, as a decimal string. */
  amount: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  currency: z.string(),
  provider: ZPaymentProviderId,
});
z.globalRegistry.add(ZPaymentIntent, { id: 'PaymentIntent' });
export type PaymentIntent = z.infer<typeof ZPaymentIntent>;

export const ZCheckoutInput = z.object({
  /** A card payment the caller made for the cart through the API (POST /create-payment-intent). */
  paymentIntentId: z
    .string({ error: 'paymentIntentId must be a string' })
    .max(200, 'paymentIntentId is not valid')
    .optional(),
  paymentMethod: z
    .enum(ZPaymentProviderId.options, { error: 'paymentMethod must be manual or stripe' })
    .describe(
      "stripe: pay by card on Stripe's payment page, whose address the answer carries as paymentUrl; manual: pay on pickup (the default)",
    )
    .optional(),
  /**
   * Staff with orders.manage and API keys: the customer the order is for, placed from `items` without any cart.
   * A customer's own checkout ignores it.
   */
  customerId: z
    .string({ error: 'customerId must be a string' })
    .max(100, 'customerId is not valid')
    .describe("The customer an order is placed for (orders.manage), from `items` instead of the caller's cart")
    .optional(),
  items: z
    .array(
      z.object({
        productId: z.string({ error: 'productId must be a string' }).max(100, 'productId is not valid'),
        // The cart's rule (1 to 999): an order for a customer holds what a cart could.
        quantity: ZQuantityInput,
      }),
      { error: 'items must be a list of products and quantities' },
    )
    .max(100, 'An order has at most 100 lines')
    .describe('With customerId: the products and quantities ordered')
    .optional(),
  paymentProvider: z
    .enum(ZPaymentProviderId.options, { error: 'paymentProvider must be manual or stripe' })
    .describe(
      'With customerId: how the order is paid, manual (on pickup, the default) or stripe (the customer pays it by card later, POST /orders/{id}/pay)',
    )
    .optional(),
  notes: z
    .string({ error: 'notes must be text' })
    .trim()
    .max(1000, 'notes must be at most 1000 characters')
    .describe('With customerId: a note kept with the order (staff and the customer read it)')
    .optional(),
});
export type CheckoutInput = z.infer<typeof ZCheckoutInput>;

const dateInput = (field: string) =>
  zDateInput(issueMessage('{field} must be a date (YYYY-MM-DD)', { field })).optional();

export const ZOrderListInput = z.object({
  /** mine: only the caller's own orders, also for staff (the profile); all (the default for staff): everyone's. */
  scope: z.enum(['mine', 'all'], { error: 'scope must be mine or all' }).optional(),
  status: ZOrderStatus.optional(),
  /** Dates are days in the business time zone, both ends included. */
  from: dateInput('from'),
  to: dateInput('to'),
  /** Part of the customer's name or e-mail, or of the order number. */
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional(),
  ...pageQueryFields,
  /**
   * The next page: newest first, the orders after this one (the last order of the previous page); with
   * `updatedSince`, as the previous page's Link header gave it.
   */
  cursor: pageQueryFields.cursor.describe(
    'The next page: the orders after this one (the id of the last order of the previous page), or, with `updatedSince`, as the previous page\'s `Link: <…>; rel="next"` gave it',
  ),
});
export type OrderListInput = z.infer<typeof ZOrderListInput>;

export const ZOrderIdInput = z.object({ id: ZId });

export const ZOrderStatusInput = z.object({ id: ZId, status: ZOrderStatus });
export type OrderStatusInput = z.infer<typeof ZOrderStatusInput>;

const ZOrderItem = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  price: z.string(),
  quantity: z.number().int(),
});
z.globalRegistry.add(ZOrderItem, { id: 'OrderItem', description: 'A line of an order, as it was sold' });

const ZRefund = z.object({
  id: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  restock: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('The id of the staff member who made the refund'),
});
z.globalRegistry.add(ZRefund, { id: 'Refund' });

export const ZOrder = z.object({
  id: z.string(),
  userId: z.string(),
  /** What was charged: subtotal - discount + tax. */
  total: z.string(),
  subtotal: z.string(),
  discountCode: z.string().nullable(),
  discount: z.string(),
  tax: z.string(),
  giftCardAmount: z.string().describe('What a gift card paid of the total; the payment provider takes the rest'),
  buys: z
    .enum(['products', 'gift_card', 'package'])
    .describe(
      "What the order buys: the shop's products, a gift card (boughtGiftCard once paid) or a package of sessions",
    ),
  boughtGiftCard: z
    .object({ code: z.string(), amount: z.string(), recipientEmail: z.string() })
    .nullable()
    .describe('For an order buying a gift card: the card, once the order is paid (its code masked in events)'),
  refundedAmount: z.string(),
  refunds: z.array(ZRefund),
  status: ZOrderStatus,
  paymentStatus: z.enum(paymentStatuses),
  paymentProvider: ZPaymentProviderId,
  notes: z.string().nullable().describe('The note given when the order was placed for the customer; null when none'),
  createdAt: zInstant(),
  updatedAt: zInstant(),
  items: z.array(ZOrderItem),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
z.globalRegistry.add(ZOrder, { id: 'Order', description: 'An order placed by or for a customer' });
export type Order = z.infer<typeof ZOrder>;

/** The placed order; for a card payment on the provider's page, also where to send the customer to pay. */
export const ZCheckoutResult = ZOrder.extend({
  paymentUrl: z
    .string()
    .describe('With paymentMethod stripe: the card payment page to send the customer to')
    .optional(),
});
z.globalRegistry.add(ZCheckoutResult, {
  id: 'CheckoutResult',
  description: 'The placed order, with where to pay for it by card',
});
export type CheckoutResult = z.infer<typeof ZCheckoutResult>;

/** Where the customer pays for an order: the provider's hosted payment page. */
export const ZPaymentPage = z.object({ url: z.string().describe('The card payment page to send the customer to') });
z.globalRegistry.add(ZPaymentPage, { id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof ZPaymentPage>;

export const ZRefundInput = z.object({
  id: ZId,
  amount: moneyInput('Amount', { positive: true }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .transform((reason) => reason || null)
    .nullable()
    .optional(),
  restock: z
    .array(z.object({ productId: ZId.describe('A product of the order'), quantity: ZQuantityInput }), {
      error: 'restock must be a list of {productId, quantity}',
    })
    .max(100, 'restock can list at most 100 lines')
    .optional(),
});
export type RefundInput = z.infer<typeof ZRefundInput>;
