import { z } from 'zod';
import { sentence } from '../../shared/i18n/sentence';
import { customerNamed, recordAudit } from '../audit/audit';
import type { AppointmentChange } from '../events/domain-events';
import { defineSubscriber, type Announced } from '../events/subscriber';

const ZAudited = z.object({
  id: z.string(),
  customerId: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  service: z.object({ name: z.string() }).nullable(),
});

/**
 * The activity log's entry of a change, when staff made it to someone else's appointment (a customer's own change
 * is no staff write, nor is one made by nobody, such as a job). A series is one entry, on its first appointment's
 * event. A status set in the employee's portal is a staff write like the calendar's.
 */
function entryOf({ data, by, change }: Announced<z.output<typeof ZAudited>>) {
  const changed = change as AppointmentChange | undefined;
  if (!by?.staff || data.customerId === by.id || !changed) return undefined;
  const values = { customer: customerNamed(data.customer), service: data.service?.name ?? '' };
  switch (changed.kind) {
    case 'booked':
      return changed.occurrences === 0
        ? undefined
        : {
            action: 'appointment.created',
            summary: sentence('Booked {count, plural, one {{service}} other {# × {service}}} for {customer}.', {
              ...values,
              count: changed.occurrences,
            }),
          };
    case 'status':
      return {
        action: 'appointment.status_changed',
        summary: sentence("Marked {customer}'s {service} appointment as {status}.", { ...values, status: changed.to }),
      };
    case 'cancelled':
      return {
        action: 'appointment.cancelled',
        summary: sentence("Cancelled {customer}'s {service} appointment.", values),
      };
    case 'moved':
      return {
        action: 'appointment.rescheduled',
        summary: sentence("Moved {customer}'s {service} appointment to another time.", values),
      };
  }
}

/** Staff changes of appointments in the activity log: a projection of the event, written once with its job. */
export const appointmentAudit = defineSubscriber(
  'appointmentAudit',
  {
    on: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
    data: ZAudited,
    when: (event) => entryOf(event) !== undefined,
  },
  () => ({
    async runAll(tx, events) {
      for (const event of events) {
        const entry = entryOf(event);
        if (entry) await recordAudit(tx, event.by!, { ...entry, entity: 'appointment', entityId: event.data.id });
      }
    },
  }),
);
