import type { Tx } from '../../../db/client';
import { orderItems, orders, packageCredits, packagePurchases, servicePackages } from '../../../db/schema/index';

const DAY = 86_400_000;

/**
 * The demo's packages (docs/packages.md): three massages and five facials on sale, and one customer (the first)
 * holding a paid pack of massages bought ten days ago, all three sessions left.
 */
export async function seedDemoPackages(
  tx: Tx,
  { now, services, customer }: { now: Date; services: { id: string }[]; customer: { id: string } },
) {
  const [massages, facials] = services.length >= 4 ? [services.slice(0, 2), services.slice(2, 4)] : [[], []];
  const packs = await tx
    .insert(servicePackages)
    .values([
      { name: 'Massage Trio', serviceIds: massages.map((s) => s.id), sessions: 3, price: '230.00', validDays: 180 },
      { name: 'Facial Five', serviceIds: facials.map((s) => s.id), sessions: 5, price: '400.00', validDays: 365 },
    ])
    .returning({ id: servicePackages.id, name: servicePackages.name, serviceIds: servicePackages.serviceIds });
  const trio = packs[0]!;
  const boughtAt = new Date(now.getTime() - 10 * DAY);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: customer.id,
      subtotal: '230.00',
      tax: '0.00',
      total: '230.00',
      status: 'completed',
      paymentStatus: 'paid',
      createdAt: boughtAt,
      updatedAt: boughtAt,
    })
    .returning({ id: orders.id });
  await tx
    .insert(orderItems)
    .values({ orderId: order!.id, productId: null, productName: trio.name, unitPrice: '230.00', quantity: 1 });
  const bought = { packageId: trio.id, customerId: customer.id, name: trio.name, serviceIds: trio.serviceIds };
  await tx.insert(packagePurchases).values({ orderId: order!.id, ...bought, sessions: 3, validDays: 180 });
  await tx.insert(packageCredits).values({
    ...bought,
    orderId: order!.id,
    sessions: 3,
    remaining: 3,
    expiresAt: new Date(boughtAt.getTime() + 180 * DAY),
    createdAt: boughtAt,
  });
}
