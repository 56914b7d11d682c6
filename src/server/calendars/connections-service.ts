import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  calendarConnections,
  externalBusy,
  externalCalendarObjects,
  externalCalendars,
} from '../../../db/schema/index';
import type {
  BusyTime,
  CalendarConnection,
  ChooseCalendarsInput,
  ConnectCalendarInput,
} from '../../shared/calendar-schema';
import { AppError } from '../app-error';
import { catalogueFor } from '../../shared/i18n/catalogues';
import type { Locale } from '../../shared/i18n/locales';
import { saySentence } from '../../shared/i18n/sentence';
import { zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { queueSync, type CalendarEnv } from './calendar-sync';
import { calDav, checkCalendarUrl, readIcs } from './remote';

/** A staff member's connected calendars: connect, choose, sync now, remove; and the busy times they give. */

const NOT_FOUND = 'Calendar connection not found';

async function connectionsWhere(db: Tx, where: ReturnType<typeof eq>): Promise<CalendarConnection[]> {
  const rows = await db
    .select({
      id: calendarConnections.id,
      kind: calendarConnections.kind,
      url: calendarConnections.url,
      username: calendarConnections.username,
      status: calendarConnections.status,
      lastSyncedAt: calendarConnections.lastSyncedAt,
      lastError: calendarConnections.lastError,
      // Written out: drizzle leaves a column of a one-table select unqualified, which inside this subquery would be
      // the calendar's own id.
      calendars: sql<CalendarConnection['calendars']>`coalesce((
        select json_agg(json_build_object('href', c.href, 'name', c.name, 'readsBusy', c.reads_busy,
          'receivesBookings', c.receives_bookings) order by c.name, c.href)
        from ${externalCalendars} c where c.connection_id = calendar_connections.id), '[]'::json)`,
    })
    .from(calendarConnections)
    .where(where)
    .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id));
  return rows.map(({ username, lastSyncedAt, ...row }) => ({
    ...row,
    ...(row.kind === 'caldav' && username ? { username } : {}),
    lastSyncedAt: lastSyncedAt ? lastSyncedAt.toISOString() : null,
  }));
}

/**
 * A connection as its reader is told it: the last error (stored as the sentence's text, see calendar-sync
 * `reasonOf`) in their language. A stored plain text is a plain English sentence (or one kept from before).
 */
export function sayLastError(locale: Locale) {
  const speaker = catalogueFor(locale);
  return (connection: CalendarConnection): CalendarConnection => ({
    ...connection,
    lastError: connection.lastError && saySentence(speaker, connection.lastError),
  });
}

/**
 * A connection as an admin reads it: an ICS address by its origin only, since a secret address (Google's, an
 * Outlook published link) lets anyone who has it read the calendar: it is as good as a password.
 */
export function withoutSecretAddress(connection: CalendarConnection): CalendarConnection {
  if (connection.kind !== 'ics') return connection;
  const hidden = (url: string) => {
    try {
      return `${new URL(url).origin}/…`;
    } catch {
      return '…';
    }
  };
  return {
    ...connection,
    url: hidden(connection.url),
    calendars: connection.calendars.map((c) => ({ ...c, href: hidden(c.href) })),
  };
}

/** Someone's connections (their own, or any employee's for an admin), never a password. */
/** A staff member's connections (the caller has checked that the id is one: requireEmployee). */
export async function listConnections(db: Tx, employeeId: string): Promise<CalendarConnection[]> {
  return connectionsWhere(db, eq(calendarConnections.employeeId, employeeId));
}

async function ownConnection(db: Tx, employeeId: string, id: string): Promise<CalendarConnection> {
  const [connection] = /^[0-9a-f-]{36}$/i.test(id)
    ? await connectionsWhere(db, and(eq(calendarConnections.id, id), eq(calendarConnections.employeeId, employeeId))!)
    : [];
  if (!connection) throw new AppError('NOT_FOUND', NOT_FOUND);
  return connection;
}

/** A webcal:// address is an https one that calendar apps open themselves. */
const httpUrl = (url: string) => url.replace(/^webcal:\/\//i, 'https://');

/**
 * Connects a calendar: reaches the server first (CalDAV: discovers the account's calendars; ICS: reads the
 * feed once), so refused credentials or an unreachable server are a 400 and nothing is stored. Every calendar
 * reads busy; the first one receives bookings unless another of the person's calendars already does. The first
 * sync is queued at once.
 */
export async function connectCalendar(
  db: Tx,
  employeeId: string,
  input: ConnectCalendarInput,
  env: CalendarEnv,
): Promise<CalendarConnection> {
  const url = httpUrl(input.url);
  await checkCalendarUrl(url, env.policy);
  let calendars: { href: string; name: string; writable: boolean }[];
  if (input.kind === 'caldav') {
    if (!input.username || !input.password)
      throw new AppError('BAD_REQUEST', 'A CalDAV account needs a user name and a password.');
    const found = await calDav({ url, username: input.username, password: input.password }, env).calendars();
    if (!found.length) throw new AppError('BAD_REQUEST', 'No CalDAV calendars were found at that address.');
    calendars = found.map((c) => ({ href: c.href, name: c.name, writable: true }));
  } else {
    const feed = await readIcs(url, null, env);
    const name = !feed.unchanged ? /^X-WR-CALNAME:(.+)$/m.exec(feed.text)?.[1]?.trim() : undefined;
    calendars = [{ href: url, name: name || new URL(url).hostname, writable: false }];
  }
  const id = await db.transaction(async (tx) => {
    const [receiving] = await tx
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(and(eq(calendarConnections.employeeId, employeeId), eq(externalCalendars.receivesBookings, true)));
    const [connection] = await tx
      .insert(calendarConnections)
      .values({
        employeeId,
        kind: input.kind,
        url,
        username: input.kind === 'caldav' ? input.username : null,
        passwordEncrypted: input.kind === 'caldav' ? env.box.seal(input.password!) : null,
      })
      .returning({ id: calendarConnections.id });
    const receiver = receiving ? -1 : calendars.findIndex((c) => c.writable);
    await tx.insert(externalCalendars).values(
      calendars.map((c, i) => ({
        connectionId: connection!.id,
        ...c,
        readsBusy: true,
        receivesBookings: i === receiver,
      })),
    );
    await queueSync(tx, connection!.id);
    return connection!.id;
  });
  return ownConnection(db, employeeId, id);
}

/**
 * The person's choice of calendars: which read busy (one that stops loses its busy times at once; one that
 * starts is read at the next sync, queued now) and the one that receives bookings (at most one of all theirs).
 */
export async function chooseCalendars(
  db: Tx,
  employeeId: string,
  input: ChooseCalendarsInput,
): Promise<CalendarConnection> {
  const connection = await ownConnection(db, employeeId, input.id);
  const receiving = input.calendars.filter((c) => c.receivesBookings);
  if (receiving.length > 1) throw new AppError('BAD_REQUEST', 'Only one calendar can receive bookings.');
  if (receiving.length && connection.kind === 'ics')
    throw new AppError('BAD_REQUEST', "An ICS address is read only: it can't receive bookings.");
  const known = new Set(connection.calendars.map((c) => c.href));
  const unknown = input.calendars.find((c) => !known.has(c.href));
  if (unknown) throw new AppError('BAD_REQUEST', 'That calendar is not part of this connection.');
  await db.transaction(async (tx) => {
    if (receiving.length) {
      // Bookings go to one calendar: choosing one here stops the others of the person.
      const others = tx
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(and(eq(calendarConnections.employeeId, employeeId), ne(calendarConnections.id, connection.id)));
      await tx
        .update(externalCalendars)
        .set({ receivesBookings: false })
        .where(inArray(externalCalendars.connectionId, others));
    }
    for (const choice of input.calendars) {
      const before = connection.calendars.find((c) => c.href === choice.href)!;
      const where = and(eq(externalCalendars.connectionId, connection.id), eq(externalCalendars.href, choice.href));
      // Unset first: the index allows one receiving calendar per connection at any moment.
      if (!choice.receivesBookings) await tx.update(externalCalendars).set({ receivesBookings: false }).where(where);
      const stopsReading = before.readsBusy && !choice.readsBusy;
      await tx
        .update(externalCalendars)
        .set({
          readsBusy: choice.readsBusy,
          ...(stopsReading ? { ctag: null, syncToken: null, etag: null, busyUntil: null } : {}),
        })
        .where(where);
      if (stopsReading) {
        const [calendar] = await tx.select({ id: externalCalendars.id }).from(externalCalendars).where(where);
        await tx.delete(externalCalendarObjects).where(eq(externalCalendarObjects.calendarId, calendar!.id));
      }
    }
    for (const choice of receiving)
      await tx
        .update(externalCalendars)
        .set({ receivesBookings: true })
        .where(and(eq(externalCalendars.connectionId, connection.id), eq(externalCalendars.href, choice.href)));
    if (input.calendars.some((c) => c.readsBusy && !connection.calendars.find((b) => b.href === c.href)!.readsBusy))
      await queueSync(tx, connection.id);
  });
  return ownConnection(db, employeeId, connection.id);
}

/** Sync now: queued at once; answers the connection as it stands (the sync's outcome shows on the next read). */
export async function syncNow(db: Tx, employeeId: string, id: string): Promise<CalendarConnection> {
  const connection = await ownConnection(db, employeeId, id);
  await queueSync(db, connection.id);
  return connection;
}

/** Removes a connection with its calendars and busy times (its pending sync finds nothing and stops). */
export async function removeConnection(db: Tx, employeeId: string, id: string): Promise<{ success: true }> {
  const connection = await ownConnection(db, employeeId, id);
  await db.delete(calendarConnections).where(eq(calendarConnections.id, connection.id));
  return { success: true };
}

/**
 * The busy times of employees between two dates of the business zone (inclusive), without titles: for the
 * employee portal and the admin calendar.
 */
export async function busyTimes(
  db: Tx,
  employeeIds: string[] | null,
  range: { from: string; to: string },
  timeZone: string,
): Promise<BusyTime[]> {
  const from = zonedToInstant(range.from, 0, timeZone);
  const to = zonedToInstant(addCalendarDays(range.to, 1), 0, timeZone);
  const rows = await db
    .selectDistinct({
      employeeId: externalBusy.employeeId,
      startsAt: externalBusy.startsAt,
      endsAt: externalBusy.endsAt,
    })
    .from(externalBusy)
    .where(
      and(
        employeeIds ? inArray(externalBusy.employeeId, employeeIds) : undefined,
        sql`tstzrange(${externalBusy.startsAt}, ${externalBusy.endsAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(externalBusy.startsAt))
    .limit(5_000);
  return rows.map((r) => ({
    employeeId: r.employeeId,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  }));
}
