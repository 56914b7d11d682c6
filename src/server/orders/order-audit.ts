import { z } from 'zod';
import { sentence } from '../../shared/i18n/sentence';
import { orderNumber } from '../../shared/orders';
import { fullName, recordAudit } from '../audit/audit';
import { defineSubscriber, type Announced } from '../events/subscriber';

const ZAudited = z.object({
  id: z.string(),
  userId: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});

/**
 * Whether the event is an order staff (in person or through a key) placed for someone else: a customer's own order
 * (their cart, a package, a gift card) is no staff write, and those announce no actor anyway.
 */
const placedByStaff = ({ data, by }: Announced<z.output<typeof ZAudited>>) => !!by?.staff && data.userId !== by.id;

/**
 * Orders staff placed for a customer in the activity log: a projection of `order.created`, written once with its job.
 * Not `order.updated`: the staff changes of an order (status changes and cancellations, payments recorded by hand,
 * refunds) write their entries in their own transactions (order-service.ts), and the others are no staff write.
 */
export const orderAudit = defineSubscriber(
  'orderAudit',
  { on: ['order.created'], data: ZAudited, when: placedByStaff },
  () => ({
    async runAll(tx, events) {
      for (const { data, by } of events) {
        await recordAudit(tx, by!, {
          action: 'order.created',
          entity: 'order',
          entityId: data.id,
          summary: sentence('Placed order #{number} for {customer}.', {
            number: orderNumber(data.id),
            customer: fullName(data.customer),
          }),
        });
      }
    },
  }),
);
