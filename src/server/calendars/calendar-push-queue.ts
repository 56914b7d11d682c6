import { sql } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import {
  appointments,
  calendarConnections,
  externalCalendarPushes,
  externalCalendars,
  jobs,
} from '../../../db/schema/index';
import { JOBS_CHANNEL } from '../jobs/enqueue';

/** The push job's kind (calendar-push.ts runs it). */
export const CALENDAR_PUSH_KIND = 'calendarPush';

/**
 * Queues the push of these appointments, in the writing transaction, for those whose employee has a receiving
 * calendar or that were written to one before (a cancellation must reach it). One statement, so a booking sent in
 * one round trip stays so; it must follow the appointments' own writes.
 */
export function queueCalendarPushes(tx: Tx, appointmentIds: string[]) {
  return queuePushes(tx, { ids: appointmentIds });
}

const queuePushes = statement<{ ids: string[] }, { id: string }>(
  sql`with queued as (
        insert into ${jobs} (kind, payload, unique_key)
        select 'calendarPush', jsonb_build_object('appointmentId', a.id), 'calendar-push:' || a.id
        from ${appointments} a
        where a.id = any(${sql.placeholder('ids')}::uuid[])
          and (exists (select 1 from ${externalCalendars} c
                 join ${calendarConnections} k on k.id = c.connection_id
                 where k.employee_id = a.employee_id and c.receives_bookings)
            or exists (select 1 from ${externalCalendarPushes} p where p.appointment_id = a.id))
        on conflict (unique_key) where status = 'pending' do update set run_at = now()
        returning id)
      select id, pg_notify(${JOBS_CHANNEL}, 'calendarPush:' || id::text) from queued`,
);
