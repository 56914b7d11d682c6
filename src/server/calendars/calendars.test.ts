import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarConnections, externalBusy } from '../../../db/schema/index';
import { bookableService, signInAs, useTestServer } from '../../testing/test-server';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { invitationUid } from '../appointments/invitations';
import { calendarEnvOf } from './calendar-env';
import { syncConnection } from './calendar-sync';
import { startRadicale, type Radicale } from '../../testing/radicale';

/*
 * External calendars against a real CalDAV server (Radicale, started here on a free port with its own storage)
 * and ICS feeds in Google's, Outlook's and Apple's shapes served over HTTP: connect, discover, read busy (which
 * blocks slots and bookings), write a booking, move it, cancel it (each checked in Radicale through its CalDAV
 * API), and a server that goes away mid-sync.
 */

const server = useTestServer();
let radicale: Radicale;
let employee: Awaited<ReturnType<typeof signInAs>>;
let customer: Awaited<ReturnType<typeof signInAs>>;
let serviceId: string;
let work: string;
let date: string;
const TZ = 'UTC';

const at = (day: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(day, h! * 60 + m!, TZ);
};
const icsStamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');
const event = (uid: string, start: Date, end: Date, extra: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${icsStamp(start)}`,
    `DTEND:${icsStamp(end)}`,
    'SUMMARY:Private',
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

beforeAll(async () => {
  radicale = await startRadicale();
  work = await radicale.makeCalendar('work', 'Work');
  await radicale.makeCalendar('personal', 'Personal');
  employee = await signInAs(server.database, 'employee', { firstName: 'Ana' });
  customer = await signInAs(server.database, 'customer', { firstName: 'Rosa', lastName: 'Parker' });
  serviceId = await bookableService(
    server.db,
    employee.user.id,
    { name: 'Haircut', price: '30.00', duration: 30 },
    { startTime: '08:00', endTime: '18:00' },
  );
  date = addCalendarDays(toZoned(new Date(), TZ).date, 2);
  // The dentist: 10:00-11:00 the day after tomorrow, in the Work calendar.
  await radicale.putEvent(work, 'dentist.ics', event('dentist-1', at(date, '10:00'), at(date, '11:00')));
});

afterAll(() => radicale?.close());

const connection = async () => {
  const res = await server.request('GET', '/api/employee/calendars', { cookie: employee.cookie });
  expect(res.status).toBe(200);
  return res.body[0];
};

/** Waits for the sync job (queued by the call before) to have run after `since`. */
async function synced(since: number, status: 'ok' | 'error' = 'ok') {
  for (let i = 0; i < 300; i++) {
    const c = await connection();
    if (c.lastSyncedAt && Date.parse(c.lastSyncedAt) >= since && c.status === status) return c;
    if (status === 'error' && c.status === 'error') return c;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${status} sync`);
}

const slotTimes = async () => {
  const res = await server.request('GET', `/api/appointments/slots?serviceId=${serviceId}&date=${date}`);
  expect(res.status).toBe(200);
  return (res.body as { time: string }[]).map((s) => s.time);
};

const busyRows = async () =>
  (await server.db.select({ n: count() }).from(externalBusy).where(eq(externalBusy.employeeId, employee.user.id)))[0]!
    .n;

/** The event the product wrote to the Work calendar, read back from Radicale (null when there is none). */
async function pushedEvent(appointmentId: string) {
  const href = `${work}${encodeURIComponent(invitationUid(appointmentId, server.env.publicUrl))}.ics`;
  const res = await fetch(href, { headers: { authorization: radicale.authorization } });
  return res.status === 404 ? null : res.text();
}

async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (until(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('a CalDAV account (Radicale)', () => {
  it('refuses wrong credentials and an unreachable server with a sentence, storing nothing', async () => {
    const refused = await server.request('POST', '/api/employee/calendars', {
      cookie: employee.cookie,
      body: { kind: 'caldav', url: radicale.url, username: radicale.username, password: 'wrong-password' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The calendar server refused the user name or password.');
    const unreachable = await server.request('POST', '/api/employee/calendars', {
      cookie: employee.cookie,
      body: { kind: 'caldav', url: 'http://127.0.0.1:9/', username: 'x', password: 'y' },
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toBe('The calendar server 127.0.0.1:9 could not be reached.');
    expect((await server.request('GET', '/api/employee/calendars', { cookie: employee.cookie })).body).toEqual([]);
  });

  it('connects, discovers the calendars, and its busy time blocks slots and bookings', async () => {
    const since = Date.now();
    const res = await server.request('POST', '/api/employee/calendars', {
      cookie: employee.cookie,
      body: { kind: 'caldav', url: radicale.url, username: radicale.username, password: radicale.password },
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(radicale.password);
    expect(res.body).toMatchObject({ kind: 'caldav', url: radicale.url, username: 'staff', status: 'ok' });
    // Radicale lists Work first: the first calendar found receives bookings.
    expect(res.body.calendars).toEqual([
      { href: `${radicale.home}personal/`, name: 'Personal', readsBusy: true, receivesBookings: false },
      { href: work, name: 'Work', readsBusy: true, receivesBookings: true },
    ]);
    // The password is kept encrypted.
    const [row] = await server.db.select().from(calendarConnections);
    expect(row!.passwordEncrypted).not.toContain(radicale.password);

    // Personal stops reading busy and goes back to it.
    for (const personal of [false, true]) {
      const chosen = await server.request('PUT', `/api/employee/calendars/${res.body.id}`, {
        cookie: employee.cookie,
        body: {
          calendars: [
            { href: `${radicale.home}personal/`, readsBusy: personal, receivesBookings: false },
            { href: work, readsBusy: true, receivesBookings: true },
          ],
        },
      });
      expect(chosen.status).toBe(200);
      expect(chosen.body.calendars.map((c: { readsBusy: boolean }) => c.readsBusy)).toEqual([personal, true]);
    }
    const twoReceiving = await server.request('PUT', `/api/employee/calendars/${res.body.id}`, {
      cookie: employee.cookie,
      body: {
        calendars: [
          { href: `${radicale.home}personal/`, readsBusy: true, receivesBookings: true },
          { href: work, readsBusy: true, receivesBookings: true },
        ],
      },
    });
    expect(twoReceiving.status).toBe(400);
    expect(twoReceiving.body.message).toBe('Only one calendar can receive bookings.');

    const done = await synced(since);
    expect(done).toMatchObject({ status: 'ok', lastError: null });
    expect(await busyRows()).toBe(1);
    const times = await slotTimes();
    expect(times).toContain('09:30');
    expect(times).not.toContain('10:00');
    expect(times).not.toContain('10:30');
    expect(times).toContain('11:00');

    const taken = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, employeeId: employee.user.id, dateTime: at(date, '10:30').toISOString() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That time is no longer available. Please choose another time.');

    // The busy time without its title, for the portal.
    const busy = await server.request('GET', `/api/employee/calendars/busy?from=${date}&to=${date}`, {
      cookie: employee.cookie,
    });
    expect(busy.body).toEqual([
      {
        employeeId: employee.user.id,
        startsAt: at(date, '10:00').toISOString(),
        endsAt: at(date, '11:00').toISOString(),
      },
    ]);
    expect(busy.text).not.toContain('Private');
  });

  it('writes a booking to the receiving calendar, moves it, removes it; its own event is not counted twice', async () => {
    const booked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, employeeId: employee.user.id, dateTime: at(date, '14:00').toISOString() },
    });
    expect(booked.status).toBe(200);
    const id = booked.body.id as string;
    const written = await waitFor(
      () => pushedEvent(id),
      (text) => text !== null,
    );
    expect(written).toContain(`UID:${invitationUid(id, server.env.publicUrl)}`);
    expect(written).toContain('SUMMARY:Haircut: Rosa Parker');
    expect(written).toContain(`DTSTART:${icsStamp(at(date, '14:00'))}`);
    expect(written).toContain('SEQUENCE:0');
    expect(written).not.toContain('METHOD:');

    // Read back by the next sync, the product's own event blocks nothing more than the appointment does.
    const since = Date.now();
    await server.request('POST', `/api/employee/calendars/${(await connection()).id}/sync`, {
      cookie: employee.cookie,
    });
    await synced(since);
    expect(await busyRows()).toBe(1);

    const moved = await server.request('PUT', `/api/appointments/${id}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: at(date, '15:00').toISOString() },
    });
    expect(moved.status).toBe(200);
    const movedText = await waitFor(
      () => pushedEvent(id),
      (text) => !!text?.includes('SEQUENCE:1'),
    );
    expect(movedText).toContain(`DTSTART:${icsStamp(at(date, '15:00'))}`);

    const cancelled = await server.request('POST', `/api/appointments/${id}/cancel`, { cookie: customer.cookie });
    expect(cancelled.status).toBe(200);
    expect(
      await waitFor(
        () => pushedEvent(id),
        (text) => text === null,
      ),
    ).toBeNull();
  });

  it('keeps the last busy times when the server goes away mid-sync, shows the error, and recovers without duplicates', async () => {
    await radicale.putEvent(work, 'lunch.ics', event('lunch-1', at(date, '12:00'), at(date, '13:00')));
    await radicale.stop();
    const id = (await connection()).id;
    await server.request('POST', `/api/employee/calendars/${id}/sync`, { cookie: employee.cookie });
    const failed = await synced(0, 'error');
    expect(failed.lastError).toBe(`The calendar server 127.0.0.1:${radicale.port} could not be reached.`);
    const times = await slotTimes();
    expect(times).not.toContain('10:00');
    expect(times).toContain('12:00');

    await radicale.start();
    const since = Date.now();
    await server.request('POST', `/api/employee/calendars/${id}/sync`, { cookie: employee.cookie });
    await synced(since);
    expect(await busyRows()).toBe(2);
    expect(await slotTimes()).not.toContain('12:00');
    // Synced again with nothing changed: the same rows.
    await syncConnection(server.db, id, calendarEnvOf(server.env), new Date());
    expect(await busyRows()).toBe(2);
  });

  it('lets admins read the connections (never a password); others are refused', async () => {
    const admin = await signInAs(server.database, 'admin');
    const res = await server.request('GET', `/api/admin/employees/${employee.user.id}/calendars`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.text).not.toContain(radicale.password);
    expect(res.text).not.toContain('password');
    const other = await signInAs(server.database, 'employee');
    expect(
      (await server.request('GET', `/api/admin/employees/${employee.user.id}/calendars`, { cookie: other.cookie }))
        .status,
    ).toBe(403);
    expect(
      (await server.request('DELETE', `/api/employee/calendars/${res.body[0].id}`, { cookie: other.cookie })).status,
    ).toBe(404);
  });

  it('removes a connection with its busy times', async () => {
    const id = (await connection()).id;
    const res = await server.request('DELETE', `/api/employee/calendars/${id}`, { cookie: employee.cookie });
    expect(res.status).toBe(200);
    expect(await busyRows()).toBe(0);
    expect(await slotTimes()).toContain('10:00');
  });
});
