import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, serviceProviders, services } from '../../db/schema/index';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../shared/date-key';
import { queuedMail, signInAs, startTestServer, type TestServer } from '../testing/test-server';

/*
 * Locations and the rest of the product (docs/locations.md): one employee's windows at two shops in two time zones,
 * judged by the instants they cover; the portal's hours at a location; the services list following location
 * writes; the waitlist at the location chosen; a revived appointment that finds its room taken.
 */

let server: TestServer;
let admin: string;
let customer: string;
let employee: { id: string; cookie: string };
let first: { id: string; name: string };
let madrid: { id: string };

async function ok(method: string, path: string, body?: unknown, cookie = admin) {
  const res = await server.request(method, path, { cookie, body: body as Record<string, unknown> });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body;
}

async function refused(method: string, path: string, body: unknown, cookie = admin) {
  const res = await server.request(method, path, { cookie, body: body as Record<string, unknown> });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
  return res.body.message as string;
}

/** A date this many days ahead (London). */
const ahead = (days: number) => addCalendarDays(toZoned(new Date(), 'Europe/London').date, days);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server.database, 'admin')).cookie;
  customer = (await signInAs(server.database, 'customer')).cookie;
  const person = await signInAs(server.database, 'employee');
  employee = { id: person.user.id, cookie: person.cookie };
  await ok('PUT', '/api/business/settings', { businessName: 'Chain Spa', timezone: 'Europe/London' });
  [first] = await ok('GET', '/api/locations');
  madrid = await ok('POST', '/api/admin/locations', {
    name: 'Madrid',
    address: 'Gran Vía 1',
    timeZone: 'Europe/Madrid',
  });
}, 120_000);
afterAll(() => server.close());

describe('weekly hours at two locations in two time zones', () => {
  const week = () => `/api/employee-availability/${employee.id}`;

  it('lets an employee work Monday at one shop and Tuesday at the other', async () => {
    const saved = await ok('PUT', week(), [
      { dayOfWeek: 1, startTime: '09:00', endTime: '17:00', locationId: first.id },
      { dayOfWeek: 2, startTime: '09:00', endTime: '17:00', locationId: madrid.id },
    ]);
    expect(saved.map((w: { dayOfWeek: number; locationId: string }) => [w.dayOfWeek, w.locationId])).toEqual([
      [1, first.id],
      [2, madrid.id],
    ]);
  });

  it('never at both at once: windows that share an instant are refused, compared as instants across zones', async () => {
    // Madrid's noon is eleven in London: 12:00-14:00 in Madrid meets 09:00-12:00 in London, though the clocks touch.
    expect(
      await refused('PUT', week(), [
        { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', locationId: first.id },
        { dayOfWeek: 1, startTime: '12:00', endTime: '14:00', locationId: madrid.id },
      ]),
    ).toBe(
      'Monday 12:00-14:00 at Madrid overlaps Monday 09:00-12:00 at Chain Spa. Nobody can be at two locations at once.',
    );
    // One window at a time, likewise.
    await ok('PUT', week(), [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00', locationId: madrid.id }]);
    expect(
      await refused('POST', '/api/employee-availability', {
        employeeId: employee.id,
        dayOfWeek: 1,
        startTime: '10:30',
        endTime: '11:30',
        locationId: first.id,
      }),
    ).toBe(
      'Monday 10:30-11:30 at Chain Spa overlaps Monday 09:00-12:00 at Madrid. Nobody can be at two locations at once.',
    );
  });

  it('accepts windows whose clocks overlap but whose instants do not (09:00-12:00 Madrid, 11:30-13:00 London)', async () => {
    await ok('PUT', week(), [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00', locationId: madrid.id }]);
    const added = await ok('POST', '/api/employee-availability', {
      employeeId: employee.id,
      dayOfWeek: 1,
      startTime: '11:30',
      endTime: '13:00',
      locationId: first.id,
    });
    expect(added.locationId).toBe(first.id);
    // Within one zone the clocks still decide.
    expect(
      await refused('POST', '/api/employee-availability', {
        employeeId: employee.id,
        dayOfWeek: 1,
        startTime: '11:00',
        endTime: '12:30',
        locationId: madrid.id,
      }),
    ).toBe('Monday 11:00-12:30 overlaps 09:00-12:00 on the same day. Time slots of one day must not overlap.');
  });

  it('compares across dates too: Monday morning in Tokyo is Sunday afternoon in Los Angeles', async () => {
    const tokyo = await ok('POST', '/api/admin/locations', { name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    const la = await ok('POST', '/api/admin/locations', { name: 'Los Angeles', timeZone: 'America/Los_Angeles' });
    expect(
      await refused('PUT', week(), [
        { dayOfWeek: 1, startTime: '09:00', endTime: '11:00', locationId: tokyo.id },
        { dayOfWeek: 0, startTime: '15:00', endTime: '18:00', locationId: la.id },
      ]),
    ).toMatch(
      /^(Sunday 15:00-18:00 at Los Angeles overlaps Monday 09:00-11:00 at Tokyo|Monday 09:00-11:00 at Tokyo overlaps Sunday 15:00-18:00 at Los Angeles)\. /,
    );
    await ok('DELETE', `/api/admin/locations/${tokyo.id}`);
    await ok('DELETE', `/api/admin/locations/${la.id}`);
  });

  it("the portal adds the employee's own hours at a location and lists where each window is", async () => {
    await ok('PUT', week(), []);
    const list = await ok(
      'POST',
      '/api/employee/availability',
      { dayOfWeek: 'tuesday', available: true, startTime: '09:00', endTime: '12:00', locationId: madrid.id },
      employee.cookie,
    );
    expect(list).toEqual([expect.objectContaining({ dayOfWeek: 'tuesday', locationId: madrid.id })]);
    expect(
      await refused(
        'POST',
        '/api/employee/availability',
        { dayOfWeek: 'tuesday', available: true, startTime: '10:00', endTime: '12:00', locationId: first.id },
        employee.cookie,
      ),
    ).toBe(
      'Tuesday 10:00-12:00 at Chain Spa overlaps Tuesday 09:00-12:00 at Madrid. Nobody can be at two locations at once.',
    );
    expect(
      await refused(
        'POST',
        '/api/employee/availability',
        { id: list[0].id, action: 'delete', locationId: madrid.id },
        employee.cookie,
      ),
    ).toBe('locationId goes only with an added time slot.');
  });
});

describe('date overrides at two locations', () => {
  it("compares one date's special hours as instants across zones", async () => {
    const date = ahead(20);
    await ok('POST', '/api/availability-overrides', {
      employeeId: employee.id,
      date,
      isAvailable: true,
      startTime: '09:00',
      endTime: '12:00',
      locationId: first.id,
    });
    expect(
      await refused('POST', '/api/availability-overrides', {
        employeeId: employee.id,
        date,
        isAvailable: true,
        startTime: '12:00',
        endTime: '14:00',
        locationId: madrid.id,
      }),
    ).toBe(`${date} 12:00-14:00 at Madrid overlaps 09:00-12:00 at Chain Spa. Nobody can be at two locations at once.`);
    // 13:00 in Madrid is noon in London: touching, so accepted.
    const there = await ok('POST', '/api/availability-overrides', {
      employeeId: employee.id,
      date,
      isAvailable: true,
      startTime: '13:00',
      endTime: '15:00',
      locationId: madrid.id,
    });
    expect(there.locationId).toBe(madrid.id);
  });
});

describe('the services list follows location writes', () => {
  it('lists a location added, changed or deleted at once, for services offered everywhere', async () => {
    const [row] = await server.db
      .insert(services)
      .values({ name: 'Everywhere Facial', price: '40.00', duration: 30 })
      .returning({ id: services.id });
    const listed = async () =>
      (await ok('GET', '/api/services')).find((s: { id: string }) => s.id === row!.id).locationIds as string[];
    expect(await listed()).toEqual([first.id, madrid.id]);
    const annex = await ok('POST', '/api/admin/locations', { name: 'Annex' });
    expect(await listed()).toEqual([first.id, madrid.id, annex.id]);
    const room = await ok('POST', '/api/admin/resources', { name: 'Cabin', locationId: annex.id });
    await ok('PUT', `/api/services/${row!.id}`, { resourceIds: [room.id] });
    // The resource goes with its location, and the service no longer needs it.
    await ok('DELETE', `/api/admin/locations/${annex.id}`);
    const after = (await ok('GET', '/api/services')).find((s: { id: string }) => s.id === row!.id);
    expect(after).toMatchObject({ locationIds: [first.id, madrid.id], resourceIds: [] });
  });
});

describe('a massage at both shops, one room in Madrid', () => {
  let massage: string;
  let room: { id: string };
  let other: { id: string };
  const date = ahead(9);
  const madridAt = (hour: number) => zonedToInstant(date, hour * 60, 'Europe/Madrid').toISOString();

  beforeAll(async () => {
    room = await ok('POST', '/api/admin/resources', { name: 'Treatment room', locationId: madrid.id, quantity: 1 });
    const [row] = await server.db
      .insert(services)
      .values({ name: 'Massage', price: '50.00', duration: 60 })
      .returning({ id: services.id });
    massage = row!.id;
    await ok('PUT', `/api/services/${massage}`, { resourceIds: [room.id] });
    other = (await signInAs(server.database, 'employee')).user;
    await server.db.insert(serviceProviders).values([
      { serviceId: massage, employeeId: employee.id },
      { serviceId: massage, employeeId: other.id },
    ]);
    // The employee: mornings in London, one hour in Madrid (15:00-16:00); the other: Madrid afternoons.
    await ok('PUT', `/api/employee-availability/${employee.id}`, [
      { dayOfWeek: weekdayOf(date), startTime: '09:00', endTime: '12:00', locationId: first.id },
      { dayOfWeek: weekdayOf(date), startTime: '15:00', endTime: '16:00', locationId: madrid.id },
    ]);
    await ok('PUT', `/api/employee-availability/${other.id}`, [
      { dayOfWeek: weekdayOf(date), startTime: '15:00', endTime: '16:00', locationId: madrid.id },
    ]);
  });

  it('waits at the location chosen: London opening up sends no notice to a customer waiting in Madrid', async () => {
    // Madrid's one hour with the employee is taken; London still has its mornings.
    const taken = await ok(
      'POST',
      '/api/appointments',
      { serviceId: massage, dateTime: madridAt(15), locationId: madrid.id, employeeId: employee.id },
      customer,
    );
    const waiter = await signInAs(server.database, 'customer');
    const entry = await ok(
      'POST',
      '/api/waitlist',
      { serviceId: massage, date, employeeId: employee.id, locationId: madrid.id },
      waiter.cookie,
    );
    expect(entry.locationId).toBe(madrid.id);
    expect(await ok('GET', '/api/waitlist', undefined, waiter.cookie)).toEqual([entry]);
    // Waiting for London is another entry, and a location the service is not offered at is refused.
    const london = await ok(
      'POST',
      '/api/waitlist',
      { serviceId: massage, date, employeeId: employee.id },
      waiter.cookie,
    );
    expect(london.locationId).toBe(first.id);
    await ok('DELETE', `/api/waitlist/${london.id}`, undefined, waiter.cookie);
    expect(
      (
        await server.request('POST', '/api/waitlist', {
          cookie: waiter.cookie,
          body: { serviceId: massage, date, locationId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(400);

    // New hours in London (noon there is one in Madrid): the job looks at Madrid for this entry, where nothing opened.
    await ok('POST', '/api/employee-availability', {
      employeeId: employee.id,
      dayOfWeek: weekdayOf(date),
      startTime: '12:00',
      endTime: '13:00',
      locationId: first.id,
    });
    await jobDone(`waitlist:${employee.id}:${date}`);
    expect(await opened(waiter.user.email)).toEqual([]);
    expect(await ok('GET', '/api/waitlist', undefined, waiter.cookie)).toEqual([entry]);

    // Madrid opens (the booking is cancelled): the notice comes, its link at Madrid.
    await ok('POST', `/api/appointments/${taken.id}/cancel`, {}, customer);
    let mail: Awaited<ReturnType<typeof opened>> = [];
    for (let i = 0; i < 100 && !mail.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await opened(waiter.user.email);
    }
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`location=${madrid.id}`);
  });

  it('reviving a cancelled booking whose room went meanwhile answers as booking does (409, the sentence)', async () => {
    const booked = await ok(
      'POST',
      '/api/appointments',
      { serviceId: massage, dateTime: madridAt(15), locationId: madrid.id, employeeId: employee.id },
      customer,
    );
    await ok('POST', `/api/appointments/${booked.id}/cancel`, {}, customer);
    await ok(
      'POST',
      '/api/appointments',
      { serviceId: massage, dateTime: madridAt(15), locationId: madrid.id, employeeId: other.id },
      customer,
    );
    const res = await server.request('PUT', `/api/appointments/${booked.id}/status`, {
      cookie: admin,
      body: { status: 'confirmed' },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe('No Treatment room is free at that time.');
    expect((await ok('GET', `/api/appointments/${booked.id}`)).status).toBe('cancelled');
  });
});

/** Waits until the waitlist job of this key has run. */
async function jobDone(uniqueKey: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await server.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.uniqueKey, uniqueKey), eq(jobs.status, 'pending')));
    if (!rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${uniqueKey} never ran`);
}

const opened = async (email: string) =>
  (await queuedMail(server.db, email)).filter((m) => m.subject.includes('A time opened up'));
