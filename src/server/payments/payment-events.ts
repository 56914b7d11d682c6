import type { Tx } from '../../../db/client';
import { paymentEvents } from '../../../db/schema/index';
import type { PaymentEvent } from './provider';

/** Records a provider event in the transaction that applies it; false when it was applied before (a redelivery). */
export async function recordPaymentEvent(tx: Tx, providerId: string, event: PaymentEvent): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values({ provider: providerId, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return fresh.length > 0;
}
