import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { orderItems, orders, users } from '../../../db/schema/index';
import type { BuyGiftCardInput, GiftCardPurchase } from '../../shared/gift-card-schema';
import { toCents } from '../../shared/orders';
import type { SessionUser } from '../auth/sessions';
import {
  emitOrderEvent,
  getOrder,
  hostedPaymentProvider,
  openHostedPayment,
  type OrderDeps,
} from '../orders/order-service';
import { GIFT_CARD_LINE, recordGiftCardPurchase } from './gift-card-service';

type Actor = Pick<SessionUser, 'id' | 'role' | 'permissions' | 'apiKey'>;

/**
 * A customer buys a card: an order of one line at the card's amount (no tax: a card is money paid ahead, taxed
 * when it is spent). With card payments configured the order is paid on the provider's page; otherwise it waits
 * for staff to mark it paid. The card exists only once the order is paid (issuePurchasedGiftCard).
 */
export async function buyGiftCard(
  db: Tx,
  deps: OrderDeps,
  actor: Actor,
  input: BuyGiftCardInput,
): Promise<GiftCardPurchase> {
  const id = randomUUID();
  const [buyer] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, actor.id));
  const online = deps.payments.byId('stripe')?.createHostedPayment ? hostedPaymentProvider(deps) : null;
  const payment = online
    ? await openHostedPayment(
        online,
        deps,
        {
          id,
          userId: actor.id,
          email: buyer!.email,
          totalCents: toCents(input.amount),
          lines: [{ name: GIFT_CARD_LINE, quantity: 1 }],
        },
        `order-${id}`,
      )
    : null;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id,
        userId: actor.id,
        subtotal: input.amount,
        tax: '0',
        total: input.amount,
        paymentProvider: online?.id ?? 'manual',
        paymentReference: payment?.reference ?? null,
      });
      await tx
        .insert(orderItems)
        .values({ orderId: id, productId: null, productName: GIFT_CARD_LINE, unitPrice: input.amount, quantity: 1 });
      await recordGiftCardPurchase(tx, id, input);
      await emitOrderEvent(tx, 'order.created', id);
    });
  } catch (error) {
    if (online && payment) await online.cancel(payment.reference).catch(() => undefined);
    throw error;
  }
  const order = await getOrder(db, actor, id);
  return payment ? { order, paymentUrl: payment.url } : { order };
}
