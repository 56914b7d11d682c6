import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { sqlState } from '../../../db/errors';
import { services, users, waitlistEntries } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import type { BusinessSettings } from '../../shared/settings';
import { WAITLIST_DUPLICATE_MESSAGE, type JoinWaitlistInput, type WaitlistEntry } from '../../shared/waitlist-schema';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import { addCalendarDays, calendarDaysBetween, parseDate, toZoned } from '../booking/zoned-time';
import { enqueue } from '../jobs/enqueue';
import type { JobDefinition } from '../jobs/runner';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { findServiceWithProviders, slotsFor } from './slot-data';

/*
 * The waitlist: a customer waits for a service on a date (with one employee, or anyone). When a time may have
 * opened (a cancellation, a reschedule away) a `waitlist` job looks at that employee's date: every entry that now
 * has an offered slot gets one "A time opened up" mail and leaves the list, in one transaction (so one mail per
 * entry, however often the job runs). First to book wins; the others may join again.
 */

const NOT_FOUND = 'Waitlist entry not found';
const UNIQUE_VIOLATION = '23505';

const columns = {
  id: waitlistEntries.id,
  serviceId: waitlistEntries.serviceId,
  employeeId: waitlistEntries.employeeId,
  date: waitlistEntries.date,
  createdAt: waitlistEntries.createdAt,
};
const toEntry = (row: { createdAt: Date } & Omit<WaitlistEntry, 'createdAt'>): WaitlistEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function joinWaitlist(
  db: Tx,
  actor: SessionUser,
  input: JoinWaitlistInput,
  env: { settings: BusinessSettings; now: Date },
): Promise<WaitlistEntry> {
  const { providers } = await findServiceWithProviders(db, input.serviceId, { includeInactive: false });
  const today = toZoned(env.now, env.settings.timezone).date;
  const last = addCalendarDays(today, env.settings.bookingWindowDays);
  if (!parseDate(input.date) || calendarDaysBetween(today, input.date) < 0 || calendarDaysBetween(input.date, last) < 0)
    throw new AppError('BAD_REQUEST', `Please choose a date from ${today} to ${last}.`);
  const employeeId = input.employeeId || null;
  if (employeeId && !providers.includes(employeeId))
    throw new AppError('BAD_REQUEST', 'That employee does not perform this service.');
  try {
    const [row] = await db
      .insert(waitlistEntries)
      .values({ customerId: actor.id, serviceId: input.serviceId, employeeId, date: input.date })
      .returning(columns);
    return toEntry(row!);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', WAITLIST_DUPLICATE_MESSAGE);
    throw error;
  }
}

export async function listMyWaitlist(db: Tx, actor: SessionUser): Promise<WaitlistEntry[]> {
  const rows = await db
    .select(columns)
    .from(waitlistEntries)
    .where(eq(waitlistEntries.customerId, actor.id))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt));
  return rows.map(toEntry);
}

export async function leaveWaitlist(db: Tx, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const deleted = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.customerId, actor.id)))
    .returning({ id: waitlistEntries.id });
  if (!deleted.length) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { success: true, id };
}

/**
 * A time may have opened for an employee around an appointment's start (it was cancelled or moved away): queued
 * in the caller's transaction.
 */
export async function timeOpened(tx: Tx, appointment: { employeeId: string; startsAt: Date }) {
  const at = appointment.startsAt.toISOString();
  await enqueue(
    tx,
    'waitlist',
    { employeeId: appointment.employeeId, at },
    { uniqueKey: `waitlist:${appointment.employeeId}:${at}` },
  );
}

/** The `waitlist` job: mails every waiting customer for whom that employee's date now has a slot. */
export function waitlistJob(opts: { database: Database; publicUrl: string }): JobDefinition<'waitlist'> {
  return {
    async run({ employeeId, at }) {
      const db = opts.database.db;
      const settings = await getSettings(db);
      const date = toZoned(new Date(at), settings.timezone).date;
      const waiting = await db
        .select({
          id: waitlistEntries.id,
          serviceId: waitlistEntries.serviceId,
          employeeId: waitlistEntries.employeeId,
          serviceName: services.name,
          email: users.email,
          firstName: users.firstName,
        })
        .from(waitlistEntries)
        .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
        .innerJoin(users, eq(users.id, waitlistEntries.customerId))
        .where(
          and(
            eq(waitlistEntries.date, date),
            or(isNull(waitlistEntries.employeeId), eq(waitlistEntries.employeeId, employeeId)),
          ),
        );
      const now = new Date();
      for (const entry of waiting) {
        const slots = await slotsFor(db, settings, now, {
          serviceId: entry.serviceId,
          date,
          employeeId: entry.employeeId ?? employeeId,
          includeInactive: false,
        }).catch(() => []);
        if (!slots.length) continue;
        const query = new URLSearchParams({ serviceId: entry.serviceId, date, employeeId: entry.employeeId ?? '' });
        const link = `${opts.publicUrl.replace(/\/$/, '')}/booking?${query}`;
        await db.transaction(async (tx) => {
          // Whoever deletes the entry sends its mail: a second run finds nothing to delete.
          const taken = await tx
            .delete(waitlistEntries)
            .where(eq(waitlistEntries.id, entry.id))
            .returning({ id: waitlistEntries.id });
          if (!taken.length) return;
          await enqueueMail(tx, {
            to: entry.email,
            subject: `A time opened up: ${entry.serviceName} on ${date}`,
            text: [
              `Hello ${entry.firstName},`,
              '',
              `A time opened up for ${entry.serviceName} on ${date}, the day you were waiting for.`,
              `Book it before someone else does: ${link}`,
              '',
              'If it is gone when you look, you can join the waitlist again.',
              '',
              settings.businessName,
            ].join('\n'),
          });
        });
      }
    },
  };
}
