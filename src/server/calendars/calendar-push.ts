import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { appointments, calendarConnections, externalCalendarPushes, externalCalendars } from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { isErasedAddress } from '../../shared/customer-record-schema';
import { AppError } from '../app-error';
import { appointmentRow } from '../appointments/appointment-rows';
import { invitationUid } from '../appointments/invitations';
import { writeCalendar } from '../appointments/icalendar';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { mailLanguage } from '../mail/mail-language';
import { getSettings } from '../settings/settings-service';
import { CALENDAR_PUSH_KIND } from './calendar-push-queue';
import type { CalendarEnv } from './calendar-sync';
import { calDav } from './remote';

/**
 * Bookings go out: each appointment of an employee with a receiving calendar is written there (UID of its
 * invitation, SUMMARY the service and the customer's name, times in UTC), moved on reschedule (its SEQUENCE
 * rises with the invitation's) and removed when it is no longer pending or confirmed.
 */

type Pushed = Awaited<ReturnType<typeof readAppointment>>;

/**
 * The customer as the event's title names her. An erased customer's row says "Deleted customer" in English (the
 * books); her past visits written again after the erasure name her as the screens and the employee's feed do, in the
 * employee's language.
 */
async function customerName(db: Tx, { customer, employee }: Pushed): Promise<string> {
  if (!isErasedAddress(customer.email)) return `${customer.firstName} ${customer.lastName}`.trim();
  return mailLanguage(employee, await getSettings(db)).say('customers.deleted');
}

/** The event as it goes to the employee's calendar: a calendar object resource has no METHOD. */
function eventText(appointment: Pushed, customer: string, publicUrl: string, now: Date): string {
  return writeCalendar({
    events: [
      {
        uid: invitationUid(appointment.id, publicUrl),
        sequence: appointment.sequence,
        start: appointment.startsAt,
        end: new Date(appointment.startsAt.getTime() + appointment.duration * 60_000),
        summary: appointment.service?.name ? `${appointment.service.name}: ${customer}` : customer,
        status: appointment.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
      },
    ],
    now,
  });
}

async function readAppointment(db: Tx, id: string) {
  const row = await appointmentRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
  return row;
}

/** Where the appointment is now (if written), and the employee's receiving calendar with its account. */
async function destinations(db: Tx, appointmentId: string, employeeId: string) {
  const target = (where: ReturnType<typeof eq>) =>
    db
      .select({
        calendarId: externalCalendars.id,
        calendarHref: externalCalendars.href,
        connectionId: calendarConnections.id,
        url: calendarConnections.url,
        username: calendarConnections.username,
        passwordEncrypted: calendarConnections.passwordEncrypted,
      })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(where);
  const [pushed] = await db
    .select()
    .from(externalCalendarPushes)
    .where(eq(externalCalendarPushes.appointmentId, appointmentId));
  const [written] = pushed ? await target(eq(externalCalendars.id, pushed.calendarId)) : [];
  const [receiving] = await target(
    and(eq(calendarConnections.employeeId, employeeId), eq(externalCalendars.receivesBookings, true))!,
  );
  return { pushed, written, receiving };
}

/** The push job: brings the employee's calendar in line with the appointment as it is now (idempotent). */
function calendarPushJob(opts: { database: Database; env: CalendarEnv }): JobHandler<{ appointmentId: string }> {
  const { env } = opts;
  return {
    async run({ appointmentId }) {
      const { db } = opts.database;
      const [exists] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      if (!exists) return;
      const appointment = await readAppointment(db, appointmentId);
      const { pushed, written, receiving } = await destinations(db, appointmentId, appointment.employeeId);
      const live = (liveStatuses as readonly string[]).includes(appointment.status);
      const client = (account: NonNullable<typeof receiving>) =>
        calDav(
          {
            url: account.url,
            username: account.username ?? '',
            password: env.box.open(account.passwordEncrypted ?? ''),
          },
          env,
        );
      try {
        if (live && (written ?? receiving)) {
          const at = written ?? receiving!;
          const href =
            pushed && written
              ? pushed.href
              : new URL(
                  `${encodeURIComponent(invitationUid(appointment.id, env.publicUrl))}.ics`,
                  withSlash(at.calendarHref),
                ).href;
          const text = eventText(appointment, await customerName(db, appointment), env.publicUrl, new Date());
          const etag = await client(at).put(href, text);
          await db
            .insert(externalCalendarPushes)
            .values({ appointmentId, calendarId: at.calendarId, href, etag })
            .onConflictDoUpdate({
              target: externalCalendarPushes.appointmentId,
              set: { calendarId: at.calendarId, href, etag },
            });
        } else if (pushed && written) {
          await client(written).remove(pushed.href);
          await db.delete(externalCalendarPushes).where(eq(externalCalendarPushes.appointmentId, appointmentId));
        }
      } catch (error) {
        // The person sees why their calendar is behind; the runner tries again later.
        const connectionId = (written ?? receiving)?.connectionId;
        if (connectionId && error instanceof AppError)
          await db
            .update(calendarConnections)
            .set({ status: 'error', lastError: error.message })
            .where(eq(calendarConnections.id, connectionId));
        throw error;
      }
    },
  };
}

const withSlash = (href: string) => (href.endsWith('/') ? href : `${href}/`);

/**
 * Write an appointment to (or remove it from) its employee's receiving calendar. Queued by calendar-push-queue.ts in
 * one statement of SQL, under this kind's name.
 */
export const calendarPushKind = defineJob(
  CALENDAR_PUSH_KIND,
  z.object({ appointmentId: z.string() }),
  (deps: { database: Database; calendars: CalendarEnv }) =>
    calendarPushJob({ database: deps.database, env: deps.calendars }),
);
