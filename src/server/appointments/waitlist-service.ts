import { z } from 'zod';
import { and, asc, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../../db/client';
import { sqlState } from '../../../db/errors';
import { services, users, waitlistEntries } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import type { BusinessSettings } from '../../shared/settings';
import {
  WAITLIST_DUPLICATE_MESSAGE,
  waitlistBookingPath,
  type JoinWaitlistInput,
  type WaitlistEntry,
} from '../../shared/waitlist-schema';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import { toZoned } from '../booking/zoned-time';
import { addCalendarDays, calendarDaysBetween, parseDate } from '../../shared/date-key';
import { enqueue } from '../jobs/enqueue';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { enqueueMail } from '../mail/outbox';
import { mailLanguage } from '../mail/mail-language';
import { getSettings } from '../settings/settings-service';
import { findServiceWithProviders, placeOf, slotsFor } from './slot-data';
import { sentence } from '../../shared/i18n/sentence';

/*
 * The waitlist: a customer waits for a service on a date (with one employee, or anyone). When a time may have
 * opened (a cancellation, a reschedule away, new weekly hours, special hours or a day off that ends) a `waitlist`
 * job looks at that employee's date: every entry that now has an offered slot gets one "A time opened up" mail
 * and leaves the list, in one transaction (so one mail per entry, however often the job runs). First to book
 * wins; the others may join again.
 */

const NOT_FOUND = 'Waitlist entry not found';
const UNIQUE_VIOLATION = '23505';

const employees = alias(users, 'waitlist_employee');

/** Entries with the names a person reads (the profile lists them). */
async function selectEntries(db: Tx, where: SQL | undefined): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      serviceId: waitlistEntries.serviceId,
      serviceName: services.name,
      employeeId: waitlistEntries.employeeId,
      employeeFirstName: employees.firstName,
      employeeLastName: employees.lastName,
      locationId: waitlistEntries.locationId,
      date: waitlistEntries.date,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .leftJoin(employees, eq(employees.id, waitlistEntries.employeeId))
    .where(where)
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt));
  return rows.map(({ employeeFirstName, employeeLastName, createdAt, ...row }) => ({
    ...row,
    employeeName: row.employeeId ? `${employeeFirstName ?? ''} ${employeeLastName ?? ''}`.trim() : null,
    createdAt: createdAt.toISOString(),
  }));
}

export async function joinWaitlist(
  db: Tx,
  actor: SessionUser,
  input: JoinWaitlistInput,
  env: { settings: BusinessSettings; now: Date },
): Promise<WaitlistEntry> {
  const { service, providers } = await findServiceWithProviders(db, input.serviceId, { includeInactive: false });
  // The location the customer chose (the service's first when none is named), whose slots the notice will look at.
  const place = placeOf(service, input.locationId, env.settings);
  if (!place) throw new AppError('BAD_REQUEST', 'This service is not offered at that location.');
  const today = toZoned(env.now, place.timeZone).date;
  const last = addCalendarDays(today, env.settings.bookingWindowDays);
  if (!parseDate(input.date) || calendarDaysBetween(today, input.date) < 0 || calendarDaysBetween(input.date, last) < 0)
    throw new AppError('BAD_REQUEST', sentence('Please choose a date from {first} to {last}.', { first: today, last }));
  const employeeId = input.employeeId || null;
  if (employeeId && !providers.includes(employeeId))
    throw new AppError('BAD_REQUEST', 'That employee does not perform this service.');
  try {
    const [row] = await db
      .insert(waitlistEntries)
      .values({ customerId: actor.id, serviceId: input.serviceId, employeeId, locationId: place.id, date: input.date })
      .returning({ id: waitlistEntries.id });
    const [entry] = await selectEntries(db, eq(waitlistEntries.id, row!.id));
    return entry!;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', WAITLIST_DUPLICATE_MESSAGE);
    throw error;
  }
}

/** The caller's entries from today on (business time): a day that has passed can no longer open up. */
export async function listMyWaitlist(db: Tx, actor: SessionUser): Promise<WaitlistEntry[]> {
  const today = toZoned(new Date(), (await getSettings(db)).timezone).date;
  return selectEntries(db, and(eq(waitlistEntries.customerId, actor.id), gte(waitlistEntries.date, today)));
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
  const { timezone } = await getSettings(tx);
  await timeOpenedOn(tx, appointment.employeeId, [toZoned(appointment.startsAt, timezone).date]);
}

/**
 * An employee's hours changed: new weekly windows (any date may have gained time, so every date someone waits for
 * that this employee could serve) or a date override (that date). Queued in the caller's transaction; the job
 * finds out whether a time really opened.
 */
export async function hoursChanged(tx: Tx, employeeId: string, date?: string) {
  if (date) return timeOpenedOn(tx, employeeId, [date]);
  const { timezone } = await getSettings(tx);
  const waited = await tx
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(
      and(
        gte(waitlistEntries.date, toZoned(new Date(), timezone).date),
        or(isNull(waitlistEntries.employeeId), eq(waitlistEntries.employeeId, employeeId)),
      ),
    );
  await timeOpenedOn(
    tx,
    employeeId,
    waited.map((w) => w.date),
  );
}

async function timeOpenedOn(tx: Tx, employeeId: string, dates: string[]) {
  for (const date of dates)
    await enqueue(tx, waitlistKind, { employeeId, date }, { uniqueKey: `waitlist:${employeeId}:${date}` });
}

/** The `waitlist` job: mails every waiting customer for whom that employee's date now has a slot. */
function waitlistJob(opts: {
  database: Database;
  publicUrl: string;
}): JobHandler<{ employeeId: string; date: string }> {
  return {
    async run({ employeeId, date }) {
      const db = opts.database.db;
      const settings = await getSettings(db);
      const waiting = await db
        .select({
          id: waitlistEntries.id,
          serviceId: waitlistEntries.serviceId,
          employeeId: waitlistEntries.employeeId,
          locationId: waitlistEntries.locationId,
          serviceName: services.name,
          email: users.email,
          firstName: users.firstName,
          locale: users.locale,
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
          locationId: entry.locationId,
          includeInactive: false,
        }).catch(() => []);
        if (!slots.length) continue;
        const link = `${opts.publicUrl.replace(/\/$/, '')}${waitlistBookingPath({ ...entry, date })}`;
        await db.transaction(async (tx) => {
          // Whoever deletes the entry sends its mail: a second run finds nothing to delete.
          const taken = await tx
            .delete(waitlistEntries)
            .where(eq(waitlistEntries.id, entry.id))
            .returning({ id: waitlistEntries.id });
          if (!taken.length) return;
          const { say, day } = mailLanguage(entry, settings);
          const service = entry.serviceName;
          await enqueueMail(tx, {
            to: entry.email,
            subject: say('mail.waitlist.subject', { service, date: day(date) }),
            text: [
              say('mail.hello', { name: entry.firstName }),
              '',
              say('mail.waitlist.opened', { service, date: day(date) }),
              say('mail.waitlist.book', { link }),
              '',
              say('mail.waitlist.again'),
              '',
              settings.businessName,
            ].join('\n'),
          });
        });
      }
    },
  };
}

/** A time may have opened for this employee on this date (YYYY-MM-DD, business time zone): tell the waitlist. */
export const waitlistKind = defineJob(
  'waitlist',
  z.object({ employeeId: z.string(), date: z.string() }),
  (deps: { database: Database; env: { publicUrl: string } }) =>
    waitlistJob({ database: deps.database, publicUrl: deps.env.publicUrl }),
);
