import { z } from 'zod';
import type { AppointmentChange } from '../events/domain-events';
import { defineSubscriber } from '../events/subscriber';
import { timeOpened } from './waitlist-service';

/** The start a change freed: the one a move left, or a cancelled appointment's own. */
function freedStart(change: AppointmentChange | undefined, dateTime: string): string | undefined {
  if (change?.kind === 'moved') return change.from;
  if (change?.kind === 'cancelled' || (change?.kind === 'status' && change.to === 'cancelled')) return dateTime;
  return undefined;
}

/**
 * A move or a cancellation may open a time for the waitlist: the `waitlist` job of the employee's date is queued
 * (under its key, so a second run queues no second one), and it tells whoever waits for a slot that now exists.
 */
export const waitlistNotice = defineSubscriber(
  'waitlistNotice',
  {
    on: ['appointment.updated', 'appointment.cancelled'],
    data: z.object({ employeeId: z.string(), dateTime: z.string() }),
    when: ({ change, data }) => freedStart(change as AppointmentChange | undefined, data.dateTime) !== undefined,
  },
  () => ({
    async runAll(tx, events) {
      for (const { data, change } of events) {
        const freed = freedStart(change as AppointmentChange | undefined, data.dateTime);
        if (freed) await timeOpened(tx, { employeeId: data.employeeId, startsAt: new Date(freed) });
      }
    },
  }),
);
