import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { orderRefunds, orders, products, users } from '../../../db/schema/index';
import type { Locale } from '../../shared/i18n/locales';
import { fromCents, paymentStatusAfterRefunds, toCents } from '../../shared/orders';
import { AppError } from '../app-error';
import type { Payments } from '../payments/payments';
import { enqueueRefundMail } from './order-mail';
import { refundToGiftCard } from '../gift-cards/gift-card-service';

/** An order locked for a refund: what the refund needs to know of it. */
export interface RefundableOrder {
  id: string;
  userId: string;
  total: string;
  refundedAmount: string;
  paymentProvider: string;
  paymentReference: string | null;
}

export interface RestockLine {
  productId: string;
  quantity: number;
}

interface GiveBack {
  amountCents: number;
  reason: string | null;
  restock: readonly RestockLine[];
  actorId: string | null;
  /** Whether the customer gets the refund e-mail (a cancellation sends its own). */
  mail: boolean;
}

/**
 * Gives money back on a locked order: through the provider that took it (with an idempotency key of the
 * refund's own id, so a retried call never refunds twice), then, in the caller's transaction, the refund's
 * row, the order's refunded sum and payment state, restocked lines and the customer's e-mail. If the
 * provider refuses, it throws and nothing is written; the order's check constraint is the last word on never
 * giving back more than was paid.
 */
export async function giveBack(
  tx: Tx,
  deps: { payments: Payments; publicUrl: string; currency: string; defaultLocale: Locale },
  order: RefundableOrder,
  refund: GiveBack,
): Promise<void> {
  const id = randomUUID();
  // A gift card that paid part of the order gets its part back first; the provider refunds the rest.
  const toCard = await refundToGiftCard(tx, deps, order.id, refund.amountCents, refund.actorId);
  const giftCardCents = toCard.cents;
  const providerCents = refund.amountCents - giftCardCents;
  const provider = deps.payments.byId(order.paymentProvider);
  let providerRefundId: string | null = null;
  if (providerCents === 0) {
    // All of it went back to the card.
  } else if (provider && order.paymentReference) {
    providerRefundId = await provider.refund(order.paymentReference, {
      amountCents: providerCents,
      idempotencyKey: `refund-${id}`,
    });
  } else if (order.paymentProvider !== 'manual') {
    throw new AppError(
      'CONFLICT',
      'This order was paid with a provider that is no longer configured; refund it there first.',
    );
  }
  // Otherwise it was paid at the counter without a provider reference: the money goes back at the counter.
  const amount = fromCents(refund.amountCents);
  const refundedCents = toCents(order.refundedAmount) + refund.amountCents;
  await tx.insert(orderRefunds).values({
    id,
    orderId: order.id,
    amount,
    reason: refund.reason,
    restock: [...refund.restock],
    providerRefundId,
    createdBy: refund.actorId,
  });
  await tx
    .update(orders)
    .set({
      refundedAmount: fromCents(refundedCents),
      paymentStatus: paymentStatusAfterRefunds(toCents(order.total), refundedCents),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  // In product-id order, like the checkout takes stock.
  for (const line of [...refund.restock].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  if (!refund.mail) return;
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, order.userId));
  if (customer) {
    await enqueueRefundMail(
      tx,
      customer,
      {
        orderId: order.id,
        amount,
        giftCardAmount: fromCents(giftCardCents),
        onNewGiftCard: toCard.onNewCard,
        refundedAmount: fromCents(refundedCents),
        total: order.total,
        reason: refund.reason,
      },
      deps,
    );
  }
}
