import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client';
import { discountCodes, orderItems, orderRefunds, orders } from '../../../db/schema/index';
import { cartTotals, type DiscountRule } from '../../shared/orders';
import { toZoned, zonedToInstant } from '../booking/zoned-time';

/** The demo's discount codes: a welcome percent, a fixed amount above a minimum, and a spring sale that ended. */
async function seedDiscountCodes(tx: Tx, now: Date): Promise<DiscountRule & { id: string; code: string }> {
  const day = 86400000;
  const rows = await tx
    .insert(discountCodes)
    .values([
      { code: 'WELCOME10', kind: 'percent', value: '10', perCustomerLimit: 1 },
      { code: 'SAVE5', kind: 'fixed', value: '5.00', minSubtotal: '25.00', usageLimit: 100, perCustomerLimit: 3 },
      {
        code: 'SPRING20',
        kind: 'percent',
        value: '20',
        startsAt: new Date(now.getTime() - 50 * day),
        endsAt: new Date(now.getTime() - 20 * day),
        usageLimit: 50,
        perCustomerLimit: 1,
      },
    ])
    .returning({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
    });
  return rows.find((r) => r.code === 'SPRING20')!;
}

/**
 * Completes the demo orders: a payment status that fits their story (paid once they are processing or
 * completed; a cancelled one that was paid has been refunded), the uses the discount codes have counted,
 * and one completed order partly refunded (one line given back, restocked).
 */
export async function seedOrderPayments(tx: Tx, refundedBy: string) {
  await tx.execute(sql`
    update orders o set
      payment_status = (case
        when o.status in ('processing', 'completed') then 'paid'
        when o.status = 'cancelled' and (abs(hashtext(o.id::text)) % 2) = 0 then 'refunded'
        else 'unpaid' end)::payment_status,
      refunded_amount = (case when o.status = 'cancelled' and (abs(hashtext(o.id::text)) % 2) = 0 then o.total else 0 end),
      updated_at = o.created_at`);
  await tx.execute(sql`
    insert into ${orderRefunds} (order_id, amount, reason, created_by, created_at)
    select id, total, 'Order cancelled', ${refundedBy}::uuid, created_at + interval '1 day'
      from ${orders} where payment_status = 'refunded' and total > 0`);
  await tx.execute(sql`
    update discount_codes d set times_used =
      (select count(*)::integer from orders o where o.discount_id = d.id and o.status <> 'cancelled')`);
  const [order] = await queryRows<{ id: string; created_at: string | Date; unit_price: string }>(
    tx,
    sql`
    select o.id, o.created_at, i.unit_price::text as unit_price from orders o
      join lateral (select unit_price from order_items where order_id = o.id order by unit_price limit 1) i on true
     where o.status = 'completed' and o.discount_id is null
     order by o.created_at desc limit 1`,
  );
  if (!order) return;
  const amount = order.unit_price;
  const createdAt = new Date(new Date(order.created_at).getTime() + 3 * 86400000);
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    amount,
    reason: 'Arrived damaged',
    restock: [],
    createdBy: refundedBy,
    createdAt,
  });
  await tx
    .update(orders)
    .set({ refundedAmount: amount, paymentStatus: 'partially_refunded', updatedAt: createdAt })
    .where(eq(orders.id, order.id));
}

export async function seedDemoOrders(
  tx: Tx,
  opts: {
    now: Date;
    timeZone: string;
    random: () => number;
    products: { id: string; name: string; price: string }[];
    customers: { id: string }[];
  },
) {
  const { now, timeZone, random, products, customers } = opts;
  // Orders over the last 60 days, each with one to three lines; some older ones used the spring sale's code. The
  // first three are of this month (the business's), so that the dashboard's month has orders and revenue whatever
  // the day the demo is started on (40 orders over 60 days left the 1st and 2nd of a month mostly empty).
  const monthStart = zonedToInstant(`${toZoned(now, timeZone).date.slice(0, 8)}01`, 0, timeZone);
  const spring = await seedDiscountCodes(tx, now);
  for (let i = 0; i < 40; i++) {
    const spanMs = i < 3 ? now.getTime() - monthStart.getTime() : 60 * 86400000;
    const createdAt = new Date(now.getTime() - Math.floor(random() * spanMs));
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const product = products[Math.floor(random() * products.length)]!;
      return { product, quantity: 1 + Math.floor(random() * 2) };
    });
    const ageDays = (now.getTime() - createdAt.getTime()) / 86400000;
    const discount = ageDays > 20 && ageDays < 50 && i % 4 === 0 ? spring : null;
    const totals = cartTotals(
      lines.map((l) => ({ price: l.product.price, quantity: l.quantity })),
      discount,
    );
    const [order] = await tx
      .insert(orders)
      .values({
        userId: customers[Math.floor(random() * customers.length)]!.id,
        subtotal: totals.subtotal,
        discount: totals.discount,
        discountCode: discount?.code ?? null,
        discountId: discount?.id ?? null,
        tax: totals.tax,
        total: totals.total,
        status: ageDays < 2 ? 'pending' : ageDays < 5 ? 'processing' : random() < 0.1 ? 'cancelled' : 'completed',
        createdAt,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        productId: l.product.id,
        productName: l.product.name,
        unitPrice: l.product.price,
        quantity: l.quantity,
      })),
    );
  }
}
