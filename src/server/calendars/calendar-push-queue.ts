import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { statement, type Tx } from '../../../db/client';
import {
  appointments,
  calendarConnections,
  externalCalendarPushes,
  externalCalendars,
  jobs,
} from '../../../db/schema/index';
import { defineSubscriber } from '../events/subscriber';
import { JOBS_CHANNEL } from '../jobs/enqueue';

/** The push job's kind (calendar-push.ts runs it). */
export const CALENDAR_PUSH_KIND = 'calendarPush';

/**
 * Queues the push of these appointments, in the writing transaction, for those whose employee has a receiving
 * calendar or that were written to one before (a cancellation must reach it). One statement.
 */
async function queueCalendarPushes(tx: Tx, appointmentIds: string[]) {
  await queuePushes(tx, { ids: appointmentIds, writtenOnly: false });
}

/**
 * Queues the push of those of these appointments that were written to an employee's calendar, so that the events
 * there follow a change of the appointments' customer (an erasure): written again, or removed. Nothing new is
 * written. One statement.
 */
export async function queueRewrites(tx: Tx, appointmentIds: string[]) {
  await queuePushes(tx, { ids: appointmentIds, writtenOnly: true });
}

const queuePushes = statement<{ ids: string[]; writtenOnly: boolean }, { id: string }>(
  sql`with queued as (
        insert into ${jobs} (kind, payload, unique_key)
        select ${CALENDAR_PUSH_KIND}::text, jsonb_build_object('appointmentId', a.id), 'calendar-push:' || a.id
        from ${appointments} a
        where a.id = any(${sql.placeholder('ids')}::uuid[])
          and (exists (select 1 from ${externalCalendarPushes} p where p.appointment_id = a.id)
            or (not ${sql.placeholder('writtenOnly')}::boolean
              and exists (select 1 from ${externalCalendars} c
                    join ${calendarConnections} k on k.id = c.connection_id
                    where k.employee_id = a.employee_id and c.receives_bookings)))
        on conflict (unique_key) where status = 'pending' do update set run_at = now()
        returning id)
      select id, pg_notify(${JOBS_CHANNEL}, ${CALENDAR_PUSH_KIND}::text || ':' || id::text) from queued`,
);

/**
 * Every change of an appointment goes to its employee's calendar: the push is queued (or brought forward) for the
 * appointment, under its own key, when its employee has a receiving calendar or it was written to one before.
 */
export const calendarPushes = defineSubscriber(
  'calendarPushes',
  {
    on: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
    data: z.object({ id: z.string() }),
  },
  () => ({
    runAll: (tx, events) => queueCalendarPushes(tx, [...new Set(events.map((event) => event.data.id))]),
  }),
);
