import { pageItems } from '../server/api/next-link';
import { z } from 'zod';
import {
  checkout,
  createPaymentIntent,
  getOrder,
  listOrders,
  markOrderPaid,
  payOrder,
  refundOrder,
  setOrderStatus,
  type OrderDeps,
} from '../server/orders/order-service';
import type { Context } from '../server/api/context';
import { permissionProcedure, personProcedure, rest, router, signedInProcedure } from '../server/api/trpc';
import {
  ZCheckoutInput,
  ZCheckoutResult,
  ZOrder,
  ZOrderIdInput,
  ZOrderListInput,
  ZOrderStatusInput,
  ZPaymentIntent,
  ZPaymentIntentInput,
  ZPaymentPage,
  ZPaymentProviderId,
  ZRefundInput,
} from '../shared/orders-schema';

const tags = ['orders'];

const deps = async (ctx: Context): Promise<OrderDeps> => {
  const { currency, defaultLocale } = await ctx.settings.get();
  return { payments: ctx.payments, publicUrl: ctx.env.publicUrl, currency, defaultLocale };
};

export const ordersRouter = router({
  paymentMethods: signedInProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/payment-methods',
        tags,
        summary: 'How orders can be paid: on pickup, and by card when card payments are configured',
      }),
    )
    .input(z.void())
    .output(
      z.object({ methods: z.array(ZPaymentProviderId), default: ZPaymentProviderId }).meta({ id: 'PaymentMethods' }),
    )
    .query(({ ctx }) => ({
      methods:
        ctx.payments.checkout.id === 'manual' ? ['manual' as const] : ['manual' as const, ctx.payments.checkout.id],
      default: 'manual' as const,
    })),

  createPaymentIntent: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/create-payment-intent',
        tags,
        errors: { 409: 'The cart changed while paying' },
        summary:
          "Open a payment for the caller's cart, priced by the server (409 when the amount is not the cart's subtotal)",
        // Its client secret confirms the payment.
        answerHoldsSecret: true,
      }),
    )
    .input(ZPaymentIntentInput)
    .output(ZPaymentIntent)
    .mutation(async ({ ctx, input }) => createPaymentIntent(ctx.db, await deps(ctx), ctx.user, input)),

  checkout: personProcedure('orders.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/orders',
        tags,
        errors: {
          404: 'With customerId: no such customer, or a product that is not for sale',
          409: 'Not enough stock, the cart changed, the discount code is used up, or the payment is cancelled or already belongs to an order',
        },
        summary:
          "Check out the caller's cart: take the stock, write the order, empty the cart (409 naming a product that is short); with `customerId` and `items` (orders.manage), an order for that customer without any cart",
      }),
    )
    .input(ZCheckoutInput)
    .output(ZCheckoutResult)
    .mutation(async ({ ctx, input }) => checkout(ctx.db, await deps(ctx), ctx.user, input)),

  pay: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/orders/{id}/pay',
        tags,
        errors: {
          404: 'No such order of yours',
          409: 'The order is cancelled, paid, paid on pickup or no longer pending',
        },
        summary:
          "Where the owner of a pending card order pays for it: the card provider's payment page (404 for anyone else)",
      }),
    )
    .input(ZOrderIdInput)
    .output(ZPaymentPage)
    .mutation(async ({ ctx, input }) => payOrder(ctx.db, await deps(ctx), ctx.user, input.id)),

  list: personProcedure('orders.view')
    .meta(
      rest({
        method: 'GET',
        path: '/orders',
        tags,
        summary:
          "The caller's orders, newest first; every order for staff with orders.view; with `updatedSince`, one page walked by updatedAt",
      }),
    )
    .input(ZOrderListInput)
    .output(z.array(ZOrder))
    .query(async ({ ctx, input }) => pageItems(ctx, await listOrders(ctx.db, ctx.user, input))),

  get: personProcedure('orders.view')
    .meta(
      rest({
        method: 'GET',
        path: '/orders/{id}',
        tags,
        errors: { 404: 'No such order of yours' },
        summary: 'One order: its owner or staff with orders.view (404 for anyone else)',
      }),
    )
    .input(ZOrderIdInput)
    .output(ZOrder)
    .query(({ ctx, input }) => getOrder(ctx.db, ctx.user, input.id)),

  setStatus: permissionProcedure('orders.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/orders/{id}/status',
        tags,
        errors: { 404: 'No such order', 409: 'That move is not allowed from the current status, or the refund failed' },
        summary: 'Move an order along its transitions; cancelling restocks and refunds (409 for any other move)',
      }),
    )
    .input(ZOrderStatusInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => setOrderStatus(ctx.db, await deps(ctx), ctx.user, input)),

  markPaid: permissionProcedure('payments.process')
    .meta(
      rest({
        method: 'POST',
        path: '/orders/{id}/mark-paid',
        tags,
        errors: { 404: 'No such order', 409: 'The order is cancelled, already paid, or paid by card' },
        summary: 'Record that a pay-on-pickup order was paid; a pending order moves to processing',
      }),
    )
    .input(ZOrderIdInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => markOrderPaid(ctx.db, await deps(ctx), ctx.user, input.id)),

  refund: permissionProcedure('orders.refund')
    .meta(
      rest({
        method: 'POST',
        path: '/orders/{id}/refunds',
        tags,
        summary:
          'Refund part or all of a paid order through its payment provider, restocking lines if asked (409 beyond what is left of the payment)',
        errors: {
          404: 'No such order',
          409: 'The order is not paid, the amount is more than what is left of the payment, a line is restocked already, or the payment provider refused',
        },
      }),
    )
    .input(ZRefundInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => refundOrder(ctx.db, await deps(ctx), ctx.user, input)),
});
