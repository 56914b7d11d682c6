import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { webhookEvents } from '../../../db/schema/index';

/** What an erasure puts in the kept events in place of the person's data (redactEvents). */
export interface ErasedFromEvents {
  /** Her id, as the events' data name her. */
  id: string;
  /** Her name, e-mail and phone as her erased row now holds them: put wherever an event gave hers. */
  person: { firstName: string; lastName: string; email: string; phone: string | null };
  /** By resource (`appointment` for appointment.*): its free texts as the erasure left them on her rows. */
  emptied: Record<string, Record<string, unknown>>;
}

/**
 * Takes an erased customer out of the kept events, in the erasure's transaction: every event whose data is about her
 * (her id as the resource's own, as its customerId or userId, or as its customer's) names her as her erased row does
 * and carries the free texts of her resources as emptied, so GET /api/events and any later replay give only that.
 * Deliveries already made cannot be recalled. One statement; the events are found by containment in their data, and
 * only the keys each object already has are replaced (an appointment's customer has no phone).
 */
export async function redactEvents(tx: Tx, erased: ErasedFromEvents): Promise<void> {
  const { id } = erased;
  const holds = (shape: object) => sql`e.data @> ${JSON.stringify(shape)}::jsonb`;
  const person = JSON.stringify(erased.person);
  // The values of `person` for the keys `object` has.
  const hersIn = (object: SQL) =>
    sql`(select coalesce(jsonb_object_agg(p.key, p.value), '{}'::jsonb) from jsonb_each(${person}::jsonb) p
         where ${object} ? p.key)`;
  await tx.execute(sql`
    update ${webhookEvents} e
    set data = e.data
      || case when ${holds({ id })} then ${hersIn(sql`e.data`)} else '{}'::jsonb end
      || case when ${holds({ customer: { id } })}
           then jsonb_build_object('customer', (e.data -> 'customer') || ${hersIn(sql`(e.data -> 'customer')`)})
           else '{}'::jsonb end
      || coalesce(${JSON.stringify(erased.emptied)}::jsonb -> split_part(e.type, '.', 1), '{}'::jsonb)
    where ${holds({ id })} or ${holds({ customerId: id })} or ${holds({ userId: id })}
      or ${holds({ customer: { id } })}`);
}
