import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users, webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import type { Permission } from '../../shared/roles';
import { listOrders } from '../orders/order-service';
import { newSigningSecret } from '../webhooks/signing';

/** How many of the latest demo orders the demo's events tell of. */
const DEMO_EVENTS = 6;

/**
 * Admin → Integrations with something to show: an accounting endpoint (switched off, its address is nobody's) and
 * the order.created events of the latest orders, each carrying the order as the REST GET answers it.
 */
export async function seedIntegrationsDemo(tx: Tx, adminEmail: string) {
  const [admin] = await tx
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(eq(users.email, adminEmail));
  await tx.insert(webhookEndpoints).values({
    url: 'https://accounting.example.com/storefront/webhooks',
    events: ['order.created', 'order.updated', 'customer.created'],
    description: 'Accounting sync (demo: switched off)',
    isActive: false,
    secret: newSigningSecret(),
  });
  const actor = { id: admin!.id, role: admin!.role, permissions: admin!.permissions as Permission[] };
  const { items } = await listOrders(tx, actor, { limit: DEMO_EVENTS });
  if (items.length)
    await tx
      .insert(webhookEvents)
      .values(items.map((order) => ({ type: 'order.created', data: order, createdAt: new Date(order.createdAt) })));
}
