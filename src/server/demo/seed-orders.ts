import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

/**
 * Completes the demo orders as checkout writes them: subtotal, 10 % tax and total from their lines, and a
 * payment status that fits their story (paid once they are processing or completed; a cancelled one that was
 * paid has been refunded).
 */
export async function seedOrderPayments(tx: Tx) {
  await tx.execute(sql`
    update orders o set
      subtotal = l.subtotal,
      tax = round(l.subtotal * 0.10, 2),
      total = l.subtotal + round(l.subtotal * 0.10, 2),
      payment_status = (case
        when o.status in ('processing', 'completed') then 'paid'
        when o.status = 'cancelled' and (abs(hashtext(o.id::text)) % 2) = 0 then 'refunded'
        else 'unpaid' end)::payment_status,
      updated_at = o.created_at
    from (select order_id, sum(unit_price * quantity) as subtotal from order_items group by order_id) l
    where l.order_id = o.id`);
}
