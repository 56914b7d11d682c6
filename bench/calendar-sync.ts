import { performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import { createDb } from '../db/client';
import { businessSettings, calendarConnections, externalBusy, externalCalendars, users } from '../db/schema/index';
import { syncConnection } from '../src/server/calendars/calendar-sync';
import { secretBox } from '../src/server/calendars/secret-box';
import { startRadicale } from '../src/testing/radicale';
import { createBenchDatabase, loadAverage } from './lib';

// A CalDAV sync against a real Radicale: a calendar of 2,000 events (1,900 single, 100 weekly series) read the
// first time (discovery, the ETag listing, calendar-multiget, expansion and the writes), then again with nothing
// changed (discovery and the ctag only), then after one event changed (the listing and that one event).
// Targets: first sync < 5 s, unchanged re-sync < 200 ms.
const EVENTS = 2_000;
const radicale = await startRadicale();
const database = await createBenchDatabase('calendar_sync');
try {
  const calendar = await radicale.makeCalendar('work', 'Work');
  const stamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');
  const event = (i: number, summary = 'Busy') => {
    const start = new Date(Date.now() + ((i * 7_919) % (30 * 24)) * 3_600_000);
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Bench//EN',
      'BEGIN:VEVENT',
      `UID:bench-${i}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      ...(i % 20 === 0 ? ['RRULE:FREQ=WEEKLY'] : []),
      `SUMMARY:${summary}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  };
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, k) => radicale.putEvent(calendar, `bench-${i + k}.ics`, event(i + k))),
    );
  console.log(`stored ${EVENTS} events in Radicale in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db.insert(businessSettings).values({ id: 1, businessName: 'Bench', timezone: 'Europe/Madrid' });
  const [employee] = await db.db
    .insert(users)
    .values({ email: 'bench-employee@example.com', firstName: 'Bea', lastName: 'Bench', role: 'employee' })
    .returning({ id: users.id });
  const box = secretBox('bench-secret-value');
  const [connection] = await db.db
    .insert(calendarConnections)
    .values({
      employeeId: employee!.id,
      kind: 'caldav',
      url: radicale.url,
      username: radicale.username,
      passwordEncrypted: box.seal(radicale.password),
    })
    .returning({ id: calendarConnections.id });
  await db.db.insert(externalCalendars).values({ connectionId: connection!.id, href: calendar, name: 'Work' });
  const env = { box, policy: { publicOnly: false }, publicUrl: 'http://localhost:3000' };

  const timed = async (name: string, target: string) => {
    const start = performance.now();
    await syncConnection(db.db, connection!.id, env, new Date());
    const ms = performance.now() - start;
    const [{ spans }] = (await db.db.select({ spans: count() }).from(externalBusy)) as [{ spans: number }];
    console.log(`${name}: ${ms.toFixed(0)} ms (${spans} busy spans stored; target ${target}; load ${loadAverage()})`);
  };
  await timed(`first sync of ${EVENTS} events`, '< 5 s');
  for (let i = 0; i < 3; i++) await timed('unchanged re-sync', '< 200 ms');
  await radicale.putEvent(calendar, 'bench-7.ics', event(7, 'Moved'));
  await timed('re-sync after one event changed', 'no target');
  await db.close();
} finally {
  await database.drop();
  await radicale.close();
}
