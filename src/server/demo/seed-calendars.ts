import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import * as s from '../../../db/schema/index';
import { toZoned } from '../booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../../shared/date-key';
import { busySpans } from '../calendars/busy-spans';

/**
 * The demo's connected calendars, so that the profile, the schedule and the admin screens are not empty on a fresh
 * `npm start`: Maya's personal calendar (a published ICS address) as its last sync left it, with a dentist
 * appointment and a weekly school run that block her times, and Liam's address that stopped answering (the error a
 * person sees). Nothing is asked of these addresses until someone presses "Sync now" (which then fails: they are
 * examples); docs/calendars.md says how to connect a real local CalDAV server instead.
 */
export async function seedCalendarDemo(
  db: Db,
  opts: { now: Date; timeZone: string; mayaEmail: string; liamEmail: string },
) {
  const people = await db
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.email, [opts.mayaEmail, opts.liamEmail]));
  const maya = people.find((p) => p.email === opts.mayaEmail);
  const liam = people.find((p) => p.email === opts.liamEmail);
  if (!maya || !liam) return;
  const today = toZoned(opts.now, opts.timeZone).date;
  const compact = (date: string, hhmm: string) => `${date.replaceAll('-', '')}T${hhmm.replace(':', '')}00`;
  const dentist = addCalendarDays(today, 2);
  const schoolRun = addCalendarDays(today, 1);
  const day = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][weekdayOf(schoolRun)];
  const tz = `TZID=${opts.timeZone}`;
  const vevent = (lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Demo//EN', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR']
      .concat('')
      .join('\r\n');
  const objects = [
    {
      href: 'dentist@demo',
      data: vevent([
        'UID:dentist@demo',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;${tz}:${compact(dentist, '13:00')}`,
        `DTEND;${tz}:${compact(dentist, '14:30')}`,
        'SUMMARY:Dentist',
      ]),
    },
    {
      href: 'school-run@demo',
      data: vevent([
        'UID:school-run@demo',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;${tz}:${compact(schoolRun, '09:00')}`,
        `DTEND;${tz}:${compact(schoolRun, '10:00')}`,
        `RRULE:FREQ=WEEKLY;BYDAY=${day};COUNT=8`,
        'SUMMARY:School run',
      ]),
    },
  ];
  const DAY = 86_400_000;
  const window = {
    from: new Date(opts.now.getTime() - 31 * DAY),
    to: new Date(opts.now.getTime() + 90 * DAY),
    timeZone: opts.timeZone,
    isOwnUid: () => false,
  };
  const url = 'https://calendar.example.com/maya/personal.ics';
  await db.transaction(async (tx) => {
    const [connection] = await tx
      .insert(s.calendarConnections)
      .values({ employeeId: maya.id, kind: 'ics', url, status: 'ok', lastSyncedAt: opts.now })
      .returning({ id: s.calendarConnections.id });
    const [calendar] = await tx
      .insert(s.externalCalendars)
      .values({ connectionId: connection!.id, href: url, name: 'Maya (personal)', busyUntil: window.to })
      .returning({ id: s.externalCalendars.id });
    for (const object of objects) {
      const [row] = await tx
        .insert(s.externalCalendarObjects)
        .values({ calendarId: calendar!.id, href: object.href, etag: object.href, data: object.data })
        .returning({ id: s.externalCalendarObjects.id });
      const spans = busySpans(object.data, window);
      if (spans.length)
        await tx
          .insert(s.externalBusy)
          .values(spans.map((b) => ({ objectId: row!.id, employeeId: maya.id, startsAt: b.start, endsAt: b.end })));
    }
    const liamUrl = 'https://calendar.example.com/liam/shared.ics';
    const [failing] = await tx
      .insert(s.calendarConnections)
      .values({
        employeeId: liam.id,
        kind: 'ics',
        url: liamUrl,
        status: 'error',
        lastSyncedAt: new Date(opts.now.getTime() - DAY),
        lastError: 'That address did not answer with a calendar.',
      })
      .returning({ id: s.calendarConnections.id });
    await tx.insert(s.externalCalendars).values({ connectionId: failing!.id, href: liamUrl, name: 'Liam (shared)' });
  });
}
