import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { money, sentence } from '../../shared/i18n/sentence';
import { orderNumber } from '../../shared/orders';
import { customerNamed, recordAudit } from '../audit/audit';
import type { OrderChange } from '../events/domain-events';
import { defineSubscriber, type Announced } from '../events/subscriber';
import { getSettings } from '../settings/settings-service';

const ZAudited = z.object({
  id: z.string(),
  userId: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
type Audited = Announced<z.output<typeof ZAudited>>;

/**
 * Whether the event is a staff write (in person or through a key): an order placed for someone else (a customer's
 * own order, from their cart, a package or a gift card, is none), or a change staff made to an order. A change made
 * by nobody (a provider's payment, a job) announces no actor.
 */
const byStaff = ({ type, data, by, change }: Audited) =>
  !!by?.staff && (type === 'order.created' ? data.userId !== by.id : change !== undefined);

/** The activity log's sentence of a staff write to an order. */
function entryOf({ type, data, change }: Audited, currency: string) {
  const number = orderNumber(data.id);
  if (type === 'order.created')
    return {
      action: 'order.created',
      summary: sentence('Placed order #{number} for {customer}.', { number, customer: customerNamed(data.customer) }),
    };
  const changed = change as OrderChange;
  switch (changed.kind) {
    case 'orderStatus':
      return {
        action: 'order.status_changed',
        summary: sentence('Moved order #{number} from {from} to {to}.', { number, from: changed.from, to: changed.to }),
      };
    case 'paid':
      return { action: 'order.paid', summary: sentence('Recorded the payment of order #{number}.', { number }) };
    case 'refunded':
      return {
        action: 'order.refunded',
        summary: sentence('Refunded {amount} of order #{number}.', { amount: money(changed.amount, currency), number }),
      };
  }
}

/**
 * Staff writes to orders in the activity log, as projections of their events, each written once with its job: an
 * order placed for a customer, a status moved, a payment recorded by hand, a refund.
 */
export const orderAudit = defineSubscriber(
  'orderAudit',
  { on: ['order.created', 'order.updated'], data: ZAudited, when: byStaff },
  () => ({
    async runAll(tx: Tx, events) {
      const { currency } = await getSettings(tx);
      for (const event of events) {
        const { action, summary } = entryOf(event, currency);
        await recordAudit(tx, event.by!, { action, entity: 'order', entityId: event.data.id, summary });
      }
    },
  }),
);
