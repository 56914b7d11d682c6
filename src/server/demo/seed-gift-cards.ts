import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client';
import { giftCardLedger, giftCardPurchases, giftCards, orderItems, orders } from '../../../db/schema/index';
import { GIFT_CARD_LINE, newGiftCardCode } from '../gift-cards/gift-card-service';

/**
 * The demo's gift cards, each with its ledger: one bought in the shop (its paid order of one line) and partly spent
 * on a later order, one issued by staff and untouched, one issued and voided.
 */
export async function seedDemoGiftCards(
  tx: Tx,
  { now, adminId, customers }: { now: Date; adminId: string; customers: { id: string; email: string }[] },
) {
  const day = (n: number) => new Date(now.getTime() - n * 86400000);
  // The buyer's own words, kept as she wrote them (not a text of the product to translate).
  const birthdayNote: string = 'Happy birthday!';
  const buyer = customers[0]!;
  const friend = customers[1]!;

  // Bought 12 days ago by one customer for another.
  const [purchase] = await tx
    .insert(orders)
    .values({
      userId: buyer.id,
      subtotal: '50.00',
      tax: '0',
      total: '50.00',
      status: 'completed',
      paymentStatus: 'paid',
      createdAt: day(12),
      updatedAt: day(12),
    })
    .returning({ id: orders.id });
  await tx
    .insert(orderItems)
    .values({ orderId: purchase!.id, productName: GIFT_CARD_LINE, unitPrice: '50.00', quantity: 1 });
  await tx
    .insert(giftCardPurchases)
    .values({ orderId: purchase!.id, amount: '50.00', recipientEmail: friend.email, message: birthdayNote });
  // The friend spent part of it on her most recent completed order (the card paid up to 20.00 of it).
  const [spentOn] = await queryRows<{ id: string; total: string }>(
    tx,
    sql`select id, total::text as total from ${orders}
         where user_id = ${friend.id}::uuid and status = 'completed' and refunded_amount = 0
         order by created_at desc limit 1`,
  );
  const spent = spentOn ? Math.min(Number(spentOn.total), 20).toFixed(2) : '0.00';
  const bought = await card(tx, {
    amount: '50.00',
    balance: (50 - Number(spent)).toFixed(2),
    recipientEmail: friend.email,
    message: birthdayNote,
    purchaseOrderId: purchase!.id,
    createdAt: day(12),
  });
  await tx.insert(giftCardLedger).values({
    giftCardId: bought,
    kind: 'issued',
    amount: '50.00',
    orderId: purchase!.id,
    createdAt: day(12),
  });
  if (spentOn && Number(spent) > 0) {
    await tx.execute(sql`update ${orders} set gift_card_amount = ${spent}::numeric where id = ${spentOn.id}::uuid`);
    await tx.insert(giftCardLedger).values({
      giftCardId: bought,
      kind: 'spent',
      amount: `-${spent}`,
      orderId: spentOn.id,
      createdAt: day(3),
    });
  }

  // Issued by staff a week ago, to be given at the counter.
  const issued = await card(tx, {
    amount: '100.00',
    balance: '100.00',
    recipientEmail: null,
    message: null,
    purchaseOrderId: null,
    createdAt: day(7),
    createdBy: adminId,
  });
  await tx
    .insert(giftCardLedger)
    .values({ giftCardId: issued, kind: 'issued', amount: '100.00', createdBy: adminId, createdAt: day(7) });

  // Issued to a customer, then voided (given by mistake).
  const voided = await card(tx, {
    amount: '30.00',
    balance: '0',
    recipientEmail: customers[2]!.email,
    message: null,
    purchaseOrderId: null,
    createdAt: day(20),
    createdBy: adminId,
    isActive: false,
  });
  await tx.insert(giftCardLedger).values([
    { giftCardId: voided, kind: 'issued', amount: '30.00', createdBy: adminId, createdAt: day(20) },
    { giftCardId: voided, kind: 'voided', amount: '-30.00', createdBy: adminId, createdAt: day(19) },
  ]);
}

async function card(
  tx: Tx,
  values: {
    amount: string;
    balance: string;
    recipientEmail: string | null;
    message: string | null;
    purchaseOrderId: string | null;
    createdAt: Date;
    createdBy?: string;
    isActive?: boolean;
  },
): Promise<string> {
  const [row] = await tx
    .insert(giftCards)
    .values({
      code: newGiftCardCode(),
      initialAmount: values.amount,
      balance: values.balance,
      currency: 'USD',
      recipientEmail: values.recipientEmail,
      message: values.message,
      purchaseOrderId: values.purchaseOrderId,
      createdBy: values.createdBy ?? null,
      isActive: values.isActive ?? true,
      createdAt: values.createdAt,
    })
    .returning({ id: giftCards.id });
  return row!.id;
}
