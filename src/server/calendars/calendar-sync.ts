import { z } from 'zod';
import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import {
  calendarConnections,
  externalBusy,
  externalCalendarObjects,
  externalCalendars,
} from '../../../db/schema/index';
import { sentenceText } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';
import { enqueue } from '../jobs/enqueue';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { getSettings } from '../settings/settings-service';
import { busySpans, splitCalendar, type BusyWindow } from './busy-spans';
import { calDav, checkCalendarUrl, readIcs, type RemoteOptions } from './remote';
import type { SecretBox } from './secret-box';

/** What syncing needs from the app: how to reach servers, the password key, and the product's own address. */
export interface CalendarEnv extends RemoteOptions {
  box: SecretBox;
  publicUrl: string;
}

/** Sync runs every 5 minutes per connection (and at once after a connection or a sync call). */
const SYNC_EVERY_MS = 5 * 60_000;
const DAY = 86_400_000;
// Busy spans are kept from a month back (the portal's and the admin calendar's recent weeks) to a week past the
// booking window; they are expanded again when the window's end comes within a day of that.
const KEEP_BACK_DAYS = 31;
const EXPAND_PAST_WINDOW_DAYS = 8;

const syncKey = (connectionId: string) => `calendar-sync:${connectionId}`;

/** Queues a connection's sync now (connect, sync now) or later (the next round), in the caller's transaction. */
export function queueSync(tx: Tx, connectionId: string, runAt?: Date) {
  return enqueue(
    tx,
    calendarSyncKind,
    { connectionId },
    { uniqueKey: syncKey(connectionId), onConflict: 'replace', runAt },
  );
}

/** The product's own events (their UIDs are the invitations'): the appointment itself blocks that time. */
export function ownUids(publicUrl: string): (uid: string) => boolean {
  const suffix = `@${new URL(publicUrl).hostname}`;
  return (uid) => uid.startsWith('appointment-') && uid.endsWith(suffix);
}

interface StoredObject {
  id: string;
  href: string;
  etag: string | null;
}

/** A resource read from the server (or a UID of an ICS feed), ready to store. */
interface FreshObject {
  href: string;
  etag: string | null;
  data: string;
}

/**
 * Syncs one connection: discovers its calendars again (CalDAV), reads what changed in each calendar that reads
 * busy (nothing when the ctag or the feed's ETag is unchanged; otherwise only resources whose ETag changed), and
 * stores their busy spans. A failure leaves every stored span as it was and puts the connection in `error` with
 * the reason as a sentence; it never throws (a page or a booking never waits on it).
 */
export async function syncConnection(db: Database['db'], connectionId: string, env: CalendarEnv, now: Date) {
  const [connection] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
  if (!connection) return;
  const settings = await getSettings(db);
  const until = new Date(now.getTime() + (settings.bookingWindowDays + EXPAND_PAST_WINDOW_DAYS) * DAY);
  const window: BusyWindow = {
    from: new Date(now.getTime() - KEEP_BACK_DAYS * DAY),
    to: until,
    timeZone: settings.timezone,
    isOwnUid: ownUids(env.publicUrl),
  };
  // Expanded far enough still: the window's end (plus a day) lies before the spans' end.
  const expandedEnough = (busyUntil: Date | null) =>
    !!busyUntil && busyUntil.getTime() >= now.getTime() + (settings.bookingWindowDays + 1) * DAY;
  try {
    await checkCalendarUrl(connection.url, env.policy);
    for (const { calendar, listing } of await listingsOf(db, connection, env))
      await syncCalendar(db, calendar, connection.employeeId, listing, window, expandedEnough);
    await db
      .update(calendarConnections)
      .set({ status: 'ok', lastError: null, lastSyncedAt: now })
      .where(eq(calendarConnections.id, connectionId));
  } catch (error) {
    await db
      .update(calendarConnections)
      .set({ status: 'error', lastError: reasonOf(error) })
      .where(eq(calendarConnections.id, connectionId));
    if (!(error instanceof AppError)) throw error;
  }
}

type StoredCalendar = typeof externalCalendars.$inferSelect;

/**
 * What a server says of one calendar that reads busy: nothing changed (the CalDAV ctag or the feed's ETag is the
 * same), or its objects as listed now (href and ETag), a way to read the changed ones, and where this read left off.
 */
type Listing =
  | { unchanged: true }
  | {
      unchanged: false;
      listed: { href: string; etag: string | null }[];
      read: (hrefs: string[]) => Promise<FreshObject[]>;
      mark: Partial<Pick<StoredCalendar, 'ctag' | 'syncToken' | 'etag'>>;
    };

/** Each calendar of the connection that reads busy, with what its server says of it now. */
async function listingsOf(
  db: Database['db'],
  connection: typeof calendarConnections.$inferSelect,
  env: CalendarEnv,
): Promise<{ calendar: StoredCalendar; listing: Listing }[]> {
  const found: { calendar: StoredCalendar; listing: Listing }[] = [];
  if (connection.kind === 'caldav') {
    const client = calDav(
      {
        url: connection.url,
        username: connection.username ?? '',
        password: env.box.open(connection.passwordEncrypted ?? ''),
      },
      env,
    );
    const remote = await client.calendars();
    await storeCalendars(db, connection.id, remote);
    for (const calendar of await calendarsOf(db, connection.id)) {
      const current = remote.find((r) => r.href === calendar.href);
      const listing: Listing =
        current?.ctag && current.ctag === calendar.ctag
          ? { unchanged: true }
          : {
              unchanged: false,
              listed: await client.objects(calendar.href),
              read: (hrefs) => client.read(calendar.href, hrefs),
              mark: { ctag: current?.ctag ?? null, syncToken: current?.syncToken ?? null },
            };
      found.push({ calendar, listing });
    }
  } else {
    // An ICS address is one calendar.
    for (const calendar of await calendarsOf(db, connection.id)) {
      const answer = await readIcs(connection.url, calendar.etag, env);
      if (answer.unchanged) {
        found.push({ calendar, listing: { unchanged: true } });
        continue;
      }
      // A feed is one text: each UID is an object of its own, its ETag the hash of its text.
      const objects = splitCalendar(answer.text).map((o) => ({ href: o.uid, etag: hashOf(o.text), data: o.text }));
      const byHref = new Map(objects.map((o) => [o.href, o]));
      found.push({
        calendar,
        listing: {
          unchanged: false,
          listed: objects,
          read: async (hrefs) => hrefs.map((href) => byHref.get(href)!),
          mark: { etag: answer.etag },
        },
      });
    }
  }
  return found;
}

const calendarsOf = async (db: Tx, connectionId: string) =>
  (await db.select().from(externalCalendars).where(eq(externalCalendars.connectionId, connectionId))).filter(
    (c) => c.readsBusy,
  );

/**
 * One calendar, the same for CalDAV and ICS: reads the objects whose ETag changed, stores them and drops the
 * gone ones; the objects not read are expanded again from what is stored when the window has moved on.
 */
async function syncCalendar(
  db: Database['db'],
  calendar: StoredCalendar,
  employeeId: string,
  listing: Listing,
  window: BusyWindow,
  expandedEnough: (busyUntil: Date | null) => boolean,
) {
  let readAll = false;
  if (!listing.unchanged) {
    const known = new Map((await storedObjects(db, calendar.id)).map((o) => [o.href, o.etag]));
    const changed = listing.listed.filter((o) => !o.etag || known.get(o.href) !== o.etag).map((o) => o.href);
    const fresh = changed.length ? await listing.read(changed) : [];
    await storeObjects(
      db,
      calendar.id,
      employeeId,
      fresh,
      listing.listed.map((o) => o.href),
      window,
    );
    readAll = fresh.length === listing.listed.length;
  }
  // How far every object of the calendar is expanded now: the objects not read keep their old end unless expanded.
  let busyUntil = readAll ? window.to : calendar.busyUntil;
  if (!readAll && !expandedEnough(calendar.busyUntil)) {
    await expandAgain(db, calendar.id, employeeId, window);
    busyUntil = window.to;
  }
  await db
    .update(externalCalendars)
    .set({ ...(listing.unchanged ? {} : listing.mark), busyUntil })
    .where(eq(externalCalendars.id, calendar.id));
}

/**
 * The connection's last error as stored: the sentence itself (a plain English one, or its template and values as
 * JSON), so that each reader is told it in their own language (connections-service `sayLastError`).
 */
function reasonOf(error: unknown): string {
  return sentenceText(
    error instanceof AppError ? error.said : 'The calendar could not be read. It will be tried again in a few minutes.',
  );
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The discovered calendars: new ones read busy, gone ones go (with their spans). */
async function storeCalendars(db: Tx, connectionId: string, remote: { href: string; name: string }[]) {
  await db.transaction(async (tx) => {
    await tx.delete(externalCalendars).where(
      and(
        eq(externalCalendars.connectionId, connectionId),
        remote.length
          ? notInArray(
              externalCalendars.href,
              remote.map((r) => r.href),
            )
          : undefined,
      ),
    );
    if (remote.length)
      await tx
        .insert(externalCalendars)
        .values(remote.map((r) => ({ connectionId, href: r.href, name: r.name, writable: true })))
        .onConflictDoNothing();
  });
}

function storedObjects(db: Tx, calendarId: string): Promise<StoredObject[]> {
  return db
    .select({ id: externalCalendarObjects.id, href: externalCalendarObjects.href, etag: externalCalendarObjects.etag })
    .from(externalCalendarObjects)
    .where(eq(externalCalendarObjects.calendarId, calendarId));
}

// Rows per insert: PostgreSQL takes at most 65,535 parameters in one statement.
const ROWS_PER_INSERT = 5_000;

/**
 * Stores what changed in one calendar in one transaction: the fresh objects (replacing their old spans), and
 * drops the objects the server no longer lists. The slots path sees the old spans or the new ones, never none.
 */
async function storeObjects(
  db: Database['db'],
  calendarId: string,
  employeeId: string,
  fresh: FreshObject[],
  listed: string[],
  window: BusyWindow,
) {
  const spans = fresh.map((o) => ({ ...o, spans: spansOf(o.data, window) }));
  await db.transaction(async (tx) => {
    const listedSet = new Set(listed);
    const gone = (await storedObjects(tx, calendarId)).filter((o) => !listedSet.has(o.href)).map((o) => o.id);
    for (let i = 0; i < gone.length; i += ROWS_PER_INSERT)
      await tx
        .delete(externalCalendarObjects)
        .where(inArray(externalCalendarObjects.id, gone.slice(i, i + ROWS_PER_INSERT)));
    for (let i = 0; i < spans.length; i += ROWS_PER_INSERT) {
      const slice = spans.slice(i, i + ROWS_PER_INSERT);
      const rows = await tx
        .insert(externalCalendarObjects)
        .values(slice.map((o) => ({ calendarId, href: o.href, etag: o.etag, data: o.data })))
        .onConflictDoUpdate({
          target: [externalCalendarObjects.calendarId, externalCalendarObjects.href],
          set: { etag: sqlExcluded('etag'), data: sqlExcluded('data') },
        })
        .returning({ id: externalCalendarObjects.id, href: externalCalendarObjects.href });
      const ids = new Map(rows.map((r) => [r.href, r.id]));
      await tx.delete(externalBusy).where(
        inArray(
          externalBusy.objectId,
          rows.map((r) => r.id),
        ),
      );
      await insertSpans(
        tx,
        slice.flatMap((o) =>
          o.spans.map((s) => ({ objectId: ids.get(o.href)!, employeeId, startsAt: s.start, endsAt: s.end })),
        ),
      );
    }
  });
}

async function insertSpans(tx: Tx, rows: (typeof externalBusy.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await tx.insert(externalBusy).values(rows.slice(i, i + ROWS_PER_INSERT));
}

/** The stored objects of a calendar expanded again over the current window (no server asked). */
async function expandAgain(db: Database['db'], calendarId: string, employeeId: string, window: BusyWindow) {
  const objects = await db
    .select({ id: externalCalendarObjects.id, data: externalCalendarObjects.data })
    .from(externalCalendarObjects)
    .where(eq(externalCalendarObjects.calendarId, calendarId));
  const rows = objects.flatMap((o) =>
    spansOf(o.data, window).map((s) => ({ objectId: o.id, employeeId, startsAt: s.start, endsAt: s.end })),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < objects.length; i += ROWS_PER_INSERT)
      await tx.delete(externalBusy).where(
        inArray(
          externalBusy.objectId,
          objects.slice(i, i + ROWS_PER_INSERT).map((o) => o.id),
        ),
      );
    await insertSpans(tx, rows);
  });
}

/** An object that ical.js cannot read blocks nothing rather than failing the whole calendar. */
function spansOf(data: string, window: BusyWindow) {
  try {
    return busySpans(data, window);
  } catch {
    return [];
  }
}

const sqlExcluded = (column: 'etag' | 'data') => sql.raw(`excluded.${column}`);

/** The sync job: syncs, then queues the connection's next round in 5 minutes. */
function calendarSyncJob(opts: { database: Database; env: CalendarEnv }): JobHandler<{ connectionId: string }> {
  return {
    async run({ connectionId }) {
      const { db } = opts.database;
      const now = new Date();
      try {
        await syncConnection(db, connectionId, opts.env, now);
      } finally {
        const [exists] = await db
          .select({ id: calendarConnections.id })
          .from(calendarConnections)
          .where(eq(calendarConnections.id, connectionId));
        if (exists) await queueSync(db, connectionId, new Date(now.getTime() + SYNC_EVERY_MS));
      }
    },
  };
}

/** Read a staff member's connected calendar (every 5 minutes, and at once on connect or sync now). */
export const calendarSyncKind = defineJob(
  'calendarSync',
  z.object({ connectionId: z.string() }),
  (deps: { database: Database; calendars: CalendarEnv }) =>
    calendarSyncJob({ database: deps.database, env: deps.calendars }),
);
