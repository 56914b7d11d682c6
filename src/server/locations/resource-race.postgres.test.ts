import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, resourceHolds, serviceProviders, services, weeklyHours } from '../../../db/schema/index';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { signInAs, startTestServer, type TestServer } from '../../testing/test-server';

/*
 * Races for the last unit of a resource, on PostgreSQL (PGlite runs one statement at a time): the database, not
 * the slot check, decides who gets it.
 */

const TZ = 'Europe/Madrid';
const ROOM = 'Treatment room';
const NO_ROOM = `No ${ROOM} is free at that time.`;

let server: TestServer;
let admin: string;
let room: string;
let employees: string[];
let customers: string[];
let day: string;

async function request(method: string, path: string, body?: Record<string, unknown>, cookie = admin) {
  const res = await server.request(method, path, { cookie, body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A service needing the room, given by every employee. */
async function serviceNeedingRoom(name: string, capacity = 1) {
  const [row] = await server.db
    .insert(services)
    .values({ name, price: '40.00', duration: 60, capacity })
    .returning({ id: services.id });
  await server.db.insert(serviceProviders).values(employees.map((employeeId) => ({ serviceId: row!.id, employeeId })));
  await request('PUT', `/api/services/${row!.id}`, { resourceIds: [room] });
  return row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server.database, 'admin')).cookie;
  await request('PUT', '/api/business/settings', { businessName: 'Spa', timezone: TZ });
  const [location] = await request('GET', '/api/locations');
  room = (await request('POST', '/api/admin/resources', { name: ROOM, locationId: location.id, quantity: 2 })).id;
  // Eleven: one for the booking made first, and one free employee for each of the ten racing customers.
  employees = await Promise.all(
    Array.from({ length: 11 }, async () => (await signInAs(server.database, 'employee')).user.id),
  );
  await server.db
    .insert(weeklyHours)
    .values(
      employees.flatMap((employeeId) =>
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ employeeId, dayOfWeek, startTime: '08:00', endTime: '20:00' })),
      ),
    );
  customers = await Promise.all(
    Array.from({ length: 10 }, async () => (await signInAs(server.database, 'customer')).cookie),
  );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 2);
}, 120_000);
afterAll(() => server.close());

const at = (hour: number) => zonedToInstant(day, hour * 60, TZ).toISOString();

describe('the last free unit of a resource', () => {
  it('10 customers, each with a different free employee: exactly one gets the last room', async () => {
    const massage = await serviceNeedingRoom('Massage');
    // One of the two rooms is taken already.
    await request(
      'POST',
      '/api/appointments',
      { serviceId: massage, dateTime: at(10), employeeId: employees[0] },
      customers[0],
    );
    const results = await Promise.all(
      customers.map((cookie, i) =>
        server.request('POST', '/api/appointments', {
          cookie,
          body: { serviceId: massage, dateTime: at(10), employeeId: employees[i + 1] },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(NO_ROOM);
    const held = await server.db
      .select({ unit: resourceHolds.unit })
      .from(resourceHolds)
      .where(eq(resourceHolds.resourceId, room));
    expect(held.map((h) => h.unit).sort()).toEqual([1, 2]);
    // The full room hides the time from everyone, whoever is free.
    const slots = await request('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}`);
    expect(slots.map((s: { dateTime: string }) => s.dateTime)).not.toContain(at(10));
    expect(slots.map((s: { dateTime: string }) => s.dateTime)).toContain(at(12));
  }, 120_000);

  it('a class session and an appointment competing for one room: one of them gets it, in each round', async () => {
    const yoga = await serviceNeedingRoom('Yoga', 5);
    const facial = await serviceNeedingRoom('Facial');
    // Rooms: one of the two is held for the whole afternoon, so one is left at each hour below.
    const blocker = await serviceNeedingRoom('Long treatment');
    await server.db.update(services).set({ duration: 360 }).where(eq(services.id, blocker));
    await request(
      'POST',
      '/api/appointments',
      { serviceId: blocker, dateTime: at(13), employeeId: employees[9] },
      customers[9],
    );
    for (const hour of [13, 14, 15, 16, 17]) {
      const results = await Promise.all([
        server.request('POST', '/api/appointments', {
          cookie: customers[1],
          body: { serviceId: yoga, dateTime: at(hour), employeeId: employees[1] },
        }),
        server.request('POST', '/api/appointments', {
          cookie: customers[2],
          body: { serviceId: facial, dateTime: at(hour), employeeId: employees[2] },
        }),
      ]);
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `${hour}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        `${hour}: ${statuses}`,
      ).toHaveLength(1);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(NO_ROOM);
    }
    // A class's seats share its session's unit: a second customer joins a session that has the room.
    const live = await server.db
      .select({ id: appointments.id, serviceId: appointments.serviceId, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.serviceId, yoga), inArray(appointments.status, ['pending', 'confirmed'])));
    if (live.length) {
      const session = live[0]!;
      const joined = await server.request('POST', '/api/appointments', {
        cookie: customers[3],
        body: { serviceId: yoga, dateTime: session.startsAt.toISOString(), employeeId: employees[1] },
      });
      expect(joined.status, joined.text).toBe(200);
    }
  }, 120_000);
});
