import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarConnections, externalBusy, users } from '../../../db/schema/index';
import { bookableService, signInAs, useTestServer } from '../../testing/test-server';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { invitationUid } from '../appointments/invitations';
import { calendarEnvOf } from './calendar-env';
import { syncConnection } from './calendar-sync';
import { icsFeeds, serveFeeds, type FeedServer, type Span } from '../../testing/ics-feeds';
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
    // A range ending before it starts is the caller's mistake (400), in the portal's call and the staff one.
    const before = addCalendarDays(date, -1);
    const admin = await signInAs(server.database, 'admin');
    for (const [cookie, path] of [
      [employee.cookie, '/api/employee/calendars/busy'],
      [admin.cookie, '/api/admin/calendar/busy'],
    ] as const) {
      const backwards = await server.request('GET', `${path}?from=${date}&to=${before}`, { cookie });
      expect([path, backwards.status, backwards.body.message]).toEqual([
        path,
        400,
        'The range must not end before it starts.',
      ]);
    }
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

  it("an erasure writes her past visit again under the erased name, in the employee's language, and removes her future one", async () => {
    const nora = await signInAs(server.database, 'customer', { firstName: 'Nora', lastName: 'Vidal' });
    const admin = (await signInAs(server.database, 'admin')).cookie;
    const yesterday = addCalendarDays(toZoned(new Date(), TZ).date, -1);
    // Yesterday's visit, still pending: confirming it writes it to the calendar with her name.
    const [past] = await server.db
      .insert(appointments)
      .values({
        serviceId,
        employeeId: employee.user.id,
        customerId: nora.user.id,
        startsAt: at(yesterday, '09:00'),
        endsAt: at(yesterday, '09:30'),
        duration: 30,
        status: 'pending',
      })
      .returning({ id: appointments.id });
    const confirmed = await server.request('PUT', `/api/appointments/${past!.id}/status`, {
      cookie: admin,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const future = await server.request('POST', '/api/appointments', {
      cookie: nora.cookie,
      body: { serviceId, employeeId: employee.user.id, dateTime: at(date, '16:00').toISOString() },
    });
    expect(future.status, future.text).toBe(200);
    for (const id of [past!.id, future.body.id as string])
      expect(
        await waitFor(
          () => pushedEvent(id),
          (text) => !!text?.includes('Nora Vidal'),
        ),
      ).toContain('SUMMARY:Haircut: Nora Vidal');

    // The employee reads Spanish: her row's English "Deleted customer" is not what his calendar says.
    await server.db.update(users).set({ locale: 'es' }).where(eq(users.id, employee.user.id));
    try {
      const erased = await server.request('POST', `/api/admin/customers/${nora.user.id}/erase`, { cookie: admin });
      expect(erased.status, erased.text).toBe(200);
      const rewritten = await waitFor(
        () => pushedEvent(past!.id),
        (text) => !!text && !text.includes('Nora'),
      );
      expect(rewritten).toContain('SUMMARY:Haircut: Cliente eliminado');
    } finally {
      await server.db.update(users).set({ locale: null }).where(eq(users.id, employee.user.id));
    }
    expect(
      await waitFor(
        () => pushedEvent(future.body.id as string),
        (text) => text === null,
      ),
    ).toBeNull();
  });

  it('keeps the last busy times when the server is killed mid-sync, shows the error, and recovers without duplicates', async () => {
    await radicale.putEvent(work, 'lunch.ics', event('lunch-1', at(date, '12:00'), at(date, '13:00')));
    const id = (await connection()).id;
    // Radicale is stopped the moment it has listed the changed events, before the sync reads them.
    let killed = false;
    const killing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (killed || init?.method !== 'REPORT' || String(init.body).includes('calendar-multiget')) return response;
      // The listing is read whole first: stopped while its body is still on the way, the sync would fail on a cut
      // answer instead (recorded too, but as "could not be read", and thrown for the job to retry).
      const listing = await response.arrayBuffer();
      killed = true;
      await radicale.stop();
      return new Response(listing, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    await syncConnection(server.db, id, { ...calendarEnvOf(server.env), fetch: killing }, new Date());
    expect(killed).toBe(true);
    const failed = await connection();
    expect(failed).toMatchObject({
      status: 'error',
      lastError: `The calendar server 127.0.0.1:${radicale.port} could not be reached.`,
    });
    // The slots answer from the last sync: the dentist still blocks, the lunch is not known yet.
    expect(await busyRows()).toBe(1);
    const times = await slotTimes();
    expect(times).not.toContain('10:00');
    expect(times).toContain('12:00');

    await radicale.start();
    const since = Date.now();
    await server.request('POST', `/api/employee/calendars/${id}/sync`, { cookie: employee.cookie });
    expect(await synced(since)).toMatchObject({ status: 'ok', lastError: null });
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
    // Nobody's connections: a malformed id, an id naming no one, a customer's; and busy times of such an employee.
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', customer.user.id]) {
      const none = await server.request('GET', `/api/admin/employees/${id}/calendars`, { cookie: admin.cookie });
      expect(none.status, id).toBe(404);
      expect(none.body).toEqual({ message: 'Employee not found', code: 'NOT_FOUND' });
      const busy = await server.request('GET', `/api/admin/calendar/busy?from=${date}&to=${date}&employeeId=${id}`, {
        cookie: admin.cookie,
      });
      expect(busy.status, id).toBe(404);
    }
  });

  it('removes a connection with its busy times', async () => {
    const id = (await connection()).id;
    const res = await server.request('DELETE', `/api/employee/calendars/${id}`, { cookie: employee.cookie });
    expect(res.status).toBe(200);
    expect(await busyRows()).toBe(0);
    expect(await slotTimes()).toContain('10:00');
  });
});

describe('ICS addresses (Google, Outlook and Apple exports over HTTP, dated from today)', () => {
  let feeds: FeedServer;
  let person: Awaited<ReturnType<typeof signInAs>>;
  let expected: ReturnType<typeof icsFeeds>;
  let ownService: string;

  beforeAll(async () => {
    const today = toZoned(new Date(), TZ).date;
    // An appointment's UID of this product: the feed carries it, and it blocks nothing more.
    const ownUid = invitationUid('6f1c2a52-8a8e-4b8e-9c8a-2f1d3a4b5c6d', server.env.publicUrl);
    expected = icsFeeds(today, TZ, ownUid);
    feeds = await serveFeeds(expected.texts);
    person = await signInAs(server.database, 'employee', { firstName: 'Inés' });
    ownService = await bookableService(
      server.db,
      person.user.id,
      { name: 'Colour', price: '50.00', duration: 60 },
      { startTime: '06:00', endTime: '22:00' },
    );
  });
  afterAll(() => feeds?.close());

  const busyOf = async (from: string, to: string) => {
    const res = await server.request('GET', `/api/employee/calendars/busy?from=${from}&to=${to}`, {
      cookie: person.cookie,
    });
    expect(res.status).toBe(200);
    return (res.body as { startsAt: string; endsAt: string }[]).map((b) => `${b.startsAt} ${b.endsAt}`);
  };
  const iso = (spans: Span[]) =>
    spans.map((s) => `${s.start.toISOString()} ${s.end.toISOString()}`).sort((a, b) => a.localeCompare(b));
  const mine = async () => (await server.request('GET', '/api/employee/calendars', { cookie: person.cookie })).body;

  it('connects each feed, and after its first sync (the job, waited for) it blocks exactly its busy times', async () => {
    for (const name of ['google', 'outlook', 'apple'] as const) {
      const res = await server.request('POST', '/api/employee/calendars', {
        cookie: person.cookie,
        body: { kind: 'ics', url: feeds.url(name) },
      });
      expect(res.status).toBe(200);
      expect(res.body.calendars).toEqual([
        {
          href: feeds.url(name),
          // Apple's export names no calendar: the address's host names it.
          name: name === 'apple' ? '127.0.0.1' : `Ana (${name[0]!.toUpperCase()}${name.slice(1)})`,
          readsBusy: true,
          receivesBookings: false,
        },
      ]);
    }
    // The connect call queued each first sync; assert only once the job runner has made all three.
    const connections = await waitFor(
      mine,
      (list: { lastSyncedAt: string | null; status: string; lastError: string | null }[]) =>
        list.length === 3 && list.every((c) => c.lastSyncedAt !== null && c.status === 'ok'),
    );
    expect(connections.map((c: { lastError: string | null }) => c.lastError)).toEqual([null, null, null]);
    expect(await busyOf(expected.date(0), expected.date(20))).toEqual(
      iso([...expected.busy.google, ...expected.busy.outlook, ...expected.busy.apple]),
    );

    // The slots agree: the Outlook training (16:00 Berlin) and the floating gym (14:30 business time) are taken.
    const slotsOn = async (n: number) => {
      const res = await server.request(
        'GET',
        `/api/appointments/slots?serviceId=${ownService}&date=${expected.date(n)}`,
      );
      return (res.body as { time: string }[]).map((s) => s.time);
    };
    const training = toZoned(expected.busy.outlook[0]!.start, TZ);
    const trainingTime = `${String(Math.floor(training.minutes / 60)).padStart(2, '0')}:${String(training.minutes % 60).padStart(2, '0')}`;
    expect(await slotsOn(6)).not.toContain(trainingTime);
    expect(await slotsOn(3)).toEqual([]);
    // The free event that day (10:00 Madrid) blocks nothing: the hour before the training is offered.
    const before = `${String(Math.floor(training.minutes / 60) - 1).padStart(2, '0')}:${trainingTime.slice(3)}`;
    expect(await slotsOn(6)).toContain(before);
  });

  it('asks again with If-None-Match: a 304 changes nothing; a changed feed replaces its spans, no duplicates', async () => {
    const env = calendarEnvOf(server.env);
    const apple = (await mine()).find((c: { url: string }) => c.url === feeds.url('apple'));
    const before = feeds.requests.length;
    await syncConnection(server.db, apple.id, env, new Date());
    expect(feeds.requests.slice(before)).toEqual([{ path: '/apple.ics', ifNoneMatch: '"apple-1"' }]);
    const all = iso([...expected.busy.google, ...expected.busy.outlook, ...expected.busy.apple]);
    expect(await busyOf(expected.date(0), expected.date(20))).toEqual(all);

    // The gym moves an hour later.
    feeds.publish(
      'apple',
      expected.texts.apple
        .replace(/T143000\r\n/, 'T153000\r\n')
        .replace(/T153000\r\nSUMMARY:Gym/, 'T163000\r\nSUMMARY:Gym'),
    );
    await syncConnection(server.db, apple.id, env, new Date());
    const gym = expected.busy.apple[1]!;
    const hour = 3_600_000;
    const moved = { start: new Date(gym.start.getTime() + hour), end: new Date(gym.end.getTime() + hour) };
    expect(await busyOf(expected.date(0), expected.date(20))).toEqual(
      iso([...expected.busy.google, ...expected.busy.outlook, expected.busy.apple[0]!, moved, expected.busy.apple[2]!]),
    );
  });

  it('refuses an address that is not a calendar, storing nothing', async () => {
    const res = await server.request('POST', '/api/employee/calendars', {
      cookie: person.cookie,
      body: { kind: 'ics', url: feeds.url('missing') },
    });
    expect(res.status).toBe(400);
    // An address too long to be one is told so, not that it is missing.
    const long = await server.request('POST', '/api/employee/calendars', {
      cookie: person.cookie,
      body: { kind: 'ics', url: `https://calendar.example/${'a'.repeat(2000)}` },
    });
    expect([long.status, long.body.message]).toEqual([400, 'The address must be at most 2000 characters']);
    expect((await mine()).length).toBe(3);
  });

  it('shows an admin an ICS address by its origin only (a secret address reads the calendar)', async () => {
    const admin = await signInAs(server.database, 'admin');
    const res = await server.request('GET', `/api/admin/employees/${person.user.id}/calendars`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const origin = new URL(feeds.url('google')).origin;
    expect(res.body.map((c: { url: string }) => c.url)).toEqual([`${origin}/…`, `${origin}/…`, `${origin}/…`]);
    expect(res.text).not.toContain('.ics');
  });

  it('says the last error in the reader’s language', async () => {
    const outlook = (await mine()).find((c: { url: string }) => c.url === feeds.url('outlook'));
    await feeds.close();
    await syncConnection(server.db, outlook.id, calendarEnvOf(server.env), new Date());
    const host = new URL(feeds.url('outlook')).host;
    const read = async (language: string) =>
      (
        await server.request('GET', '/api/employee/calendars', {
          cookie: person.cookie,
          headers: { 'accept-language': language },
        })
      ).body.find((c: { id: string }) => c.id === outlook.id);
    expect(await read('en')).toMatchObject({
      status: 'error',
      lastError: `The calendar server ${host} could not be reached.`,
    });
    expect((await read('es')).lastError).toBe(`No se pudo conectar con el servidor de calendario ${host}.`);
    // The busy times of the last good sync stay in force.
    expect(await busyOf(expected.date(0), expected.date(20))).toHaveLength(10);
  });
});
