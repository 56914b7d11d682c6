import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceProviders, services } from '../../db/schema/index';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { signInAs, startTestServer, type TestServer } from '../testing/test-server';

/*
 * Locations and resources over REST (docs/locations.md): the first location made from the
 * settings, a second one in another time zone, resources, services' links, slots and bookings per location.
 */

let server: TestServer;
let admin: string;
let customer: string;
let employee: { id: string; cookie: string };
let first: { id: string };
let day: string;

async function ok(method: string, path: string, body?: unknown, cookie = admin) {
  const res = await server.request(method, path, { cookie, body: body as Record<string, unknown> });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signInAs(server.database, 'admin')).cookie;
  customer = (await signInAs(server.database, 'customer')).cookie;
  const person = await signInAs(server.database, 'employee');
  employee = { id: person.user.id, cookie: person.cookie };
  await ok('PUT', '/api/business/settings', { businessName: 'Chain Spa', timezone: 'Europe/London' });
  [first] = await ok('GET', '/api/locations');
  day = addCalendarDays(toZoned(new Date(), 'Europe/London').date, 3);
}, 60_000);
afterAll(() => server.close());

describe('locations', () => {
  it('starts with one, named and zoned as the business, and lists it to anyone', async () => {
    const res = await server.request('GET', '/api/locations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: first.id, name: 'Chain Spa', address: '', timeZone: 'Europe/London', isActive: true },
    ]);
  });

  it('is added, changed and deleted with settings.edit; others are refused', async () => {
    const refused = await server.request('POST', '/api/admin/locations', {
      cookie: employee.cookie,
      body: { name: 'Nope' },
    });
    expect(refused.status).toBe(403);
    const bad = await server.request('POST', '/api/admin/locations', {
      cookie: admin,
      body: { name: 'Bad', timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    const made = await ok('POST', '/api/admin/locations', { name: 'Annex', address: '1 High St' });
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Annex',
      address: '1 High St',
      timeZone: 'Europe/London',
      isActive: true,
    });
    const changed = await ok('PUT', `/api/admin/locations/${made.id}`, { address: '2 High St' });
    expect(changed.address).toBe('2 High St');
    expect(await ok('DELETE', `/api/admin/locations/${made.id}`)).toEqual({ success: true, id: made.id });
    expect((await server.request('DELETE', `/api/admin/locations/${made.id}`, { cookie: admin })).status).toBe(404);
  });

  it('never deletes the only one', async () => {
    const res = await server.request('DELETE', `/api/admin/locations/${first.id}`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The only location cannot be deleted.');
  });
});

describe('two locations in two time zones, and a room', () => {
  let madrid: { id: string; timeZone: string };
  let room: { id: string };
  let massage: string;

  beforeAll(async () => {
    madrid = await ok('POST', '/api/admin/locations', {
      name: 'Madrid',
      address: 'Gran Vía 1',
      timeZone: 'Europe/Madrid',
    });
    room = await ok('POST', '/api/admin/resources', { name: 'Treatment room', locationId: madrid.id, quantity: 1 });
    const [row] = await server.db
      .insert(services)
      .values({ name: 'Massage', price: '50.00', duration: 60 })
      .returning({ id: services.id });
    massage = row!.id;
    await server.db.insert(serviceProviders).values({ serviceId: massage, employeeId: employee.id });
    // Mondays to Sundays: mornings in London, afternoons in Madrid.
    await ok('PUT', `/api/employee-availability/${employee.id}`, [
      ...[0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
      ...[0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: '15:00',
        endTime: '18:00',
        locationId: madrid.id,
      })),
    ]);
  });

  it('refuses windows of one employee at two locations that overlap', async () => {
    const res = await server.request('POST', '/api/employee-availability', {
      cookie: admin,
      body: { employeeId: employee.id, dayOfWeek: 1, startTime: '11:00', endTime: '16:00', locationId: madrid.id },
    });
    expect(res.status).toBe(400);
  });

  it('links the service to both locations and the room; resources are managed with services.edit', async () => {
    expect((await server.request('GET', '/api/admin/resources', { cookie: customer })).status).toBe(403);
    expect(await ok('GET', '/api/admin/resources')).toEqual([
      { id: room.id, name: 'Treatment room', locationId: madrid.id, quantity: 1 },
    ]);
    const bad = await server.request('POST', '/api/admin/resources', {
      cookie: admin,
      body: { name: 'Chair', locationId: madrid.id, quantity: 51 },
    });
    expect(bad.status).toBe(400);
    const service = await ok('PUT', `/api/services/${massage}`, { resourceIds: [room.id] });
    expect(service.locationIds).toEqual([first.id, madrid.id]);
    expect(service.resourceIds).toEqual([room.id]);
  });

  it("answers slots in each location's own time zone, each slot naming its location", async () => {
    const london = await ok('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}`);
    expect(london.map((s: { time: string }) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(new Set(london.map((s: { locationId: string }) => s.locationId))).toEqual(new Set([first.id]));
    const there = await ok('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}&locationId=${madrid.id}`);
    expect(there.map((s: { time: string }) => s.time)).toEqual(['15:00', '15:30', '16:00', '16:30', '17:00']);
    expect(there[0].dateTime).toBe(zonedToInstant(day, 15 * 60, 'Europe/Madrid').toISOString());
    expect(there[0].locationId).toBe(madrid.id);
  });

  it('books at a location: the appointment carries it, and the room it holds hides the time', async () => {
    const dateTime = zonedToInstant(day, 15 * 60, 'Europe/Madrid').toISOString();
    const booked = await ok(
      'POST',
      '/api/appointments',
      { serviceId: massage, dateTime, locationId: madrid.id },
      customer,
    );
    expect(booked.locationId).toBe(madrid.id);
    expect(booked.location).toEqual({ id: madrid.id, name: 'Madrid', address: 'Gran Vía 1' });
    expect((await ok('GET', `/api/appointments/${booked.id}`, undefined, customer)).location.name).toBe('Madrid');
    // The employee's calendar feed names the place too (as invitations and reminders do).
    const { token } = await createSession(server.db, booked.employeeId);
    const feed = await ok('GET', '/api/employee/calendar-feed', undefined, `${SESSION_COOKIE}=${token}`);
    const ics = (await server.request('GET', new URL(feed.url).pathname)).text.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('LOCATION:Madrid\\, Gran Vía 1');
    // A second employee is free at 15:00 in Madrid, but the one room is not.
    const other = await signInAs(server.database, 'employee');
    await server.db.insert(serviceProviders).values({ serviceId: massage, employeeId: other.user.id });
    await ok('PUT', `/api/employee-availability/${other.user.id}`, [
      { dayOfWeek: 0, startTime: '15:00', endTime: '18:00', locationId: madrid.id },
      ...[1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: '15:00',
        endTime: '18:00',
        locationId: madrid.id,
      })),
    ]);
    const slots = await ok('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}&locationId=${madrid.id}`);
    expect(slots.map((s: { time: string }) => s.time)).toEqual(['16:00', '16:30', '17:00']);
    const refused = await server.request('POST', '/api/appointments', {
      cookie: customer,
      body: { serviceId: massage, dateTime, locationId: madrid.id, employeeId: other.user.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No Treatment room is free at that time.');
    // In London the room is not needed: that location has no such resource.
    const london = await ok('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}`);
    expect(london).toHaveLength(5);
  });

  it('refuses to delete a location with upcoming appointments, and a service not offered there', async () => {
    const res = await server.request('DELETE', `/api/admin/locations/${madrid.id}`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This location has upcoming appointments, so it cannot be deleted.');
    const moved = await ok('PUT', `/api/services/${massage}`, { locationIds: [first.id] });
    // The service says where it is offered, in every answer: the booking pages list it only there.
    expect(moved.locationIds).toEqual([first.id]);
    expect((await ok('GET', `/api/services/${massage}`)).locationIds).toEqual([first.id]);
    const listed = (await ok('GET', '/api/services')) as { id: string; locationIds: string[] }[];
    expect(listed.find((s) => s.id === massage)!.locationIds).toEqual([first.id]);
    const slots = await ok('GET', `/api/appointments/slots?serviceId=${massage}&date=${day}&locationId=${madrid.id}`);
    expect(slots).toEqual([]);
    const refused = await server.request('POST', '/api/appointments', {
      cookie: customer,
      body: {
        serviceId: massage,
        dateTime: zonedToInstant(day, 16 * 60, 'Europe/Madrid').toISOString(),
        locationId: madrid.id,
      },
    });
    expect(refused.status).toBe(400);
    const [row] = await server.db.select({ id: services.id }).from(services).where(eq(services.id, massage));
    expect(row).toBeDefined();
  });

  it('refuses to delete the only location a service is offered at: it would be offered everywhere', async () => {
    const porto = await ok('POST', '/api/admin/locations', { name: 'Porto', timeZone: 'Europe/Lisbon' });
    const sauna = await ok('POST', '/api/services', {
      name: 'Porto Sauna',
      price: 20,
      duration: 30,
      locationIds: [porto.id],
    });
    const refused = await server.request('DELETE', `/api/admin/locations/${porto.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only this location offers Porto Sauna: offer it at another location first.');
    expect((await ok('GET', `/api/services/${sauna.id}`)).locationIds).toEqual([porto.id]);
    await ok('PUT', `/api/services/${sauna.id}`, { locationIds: [first.id, porto.id] });
    await ok('DELETE', `/api/admin/locations/${porto.id}`);
    expect((await ok('GET', `/api/services/${sauna.id}`)).locationIds).toEqual([first.id]);
  });

  it("moves a service's updatedAt when its lists of locations or resources change by another's write", async () => {
    const read = (id: string) => ok('GET', `/api/services/${id}`);
    const faro = await ok('POST', '/api/admin/locations', { name: 'Faro', timeZone: 'Europe/Lisbon' });
    const towel = await ok('POST', '/api/admin/resources', { name: 'Towel rack', locationId: faro.id, quantity: 1 });
    const wrap = await ok('POST', '/api/services', {
      name: 'Faro Wrap',
      price: 40,
      duration: 30,
      locationIds: [first.id, faro.id],
      resourceIds: [towel.id],
    });
    const everywhere = await ok('POST', '/api/services', { name: 'Anywhere Tea', price: 5, duration: 15 });
    const untouched = await ok('POST', '/api/services', {
      name: 'First Only',
      price: 5,
      duration: 15,
      locationIds: [first.id],
    });
    const before = {
      wrap: await read(wrap.id),
      everywhere: await read(everywhere.id),
      untouched: await read(untouched.id),
    };

    await ok('DELETE', `/api/admin/resources/${towel.id}`);
    const unequipped = await read(wrap.id);
    expect(unequipped.resourceIds).toEqual([]);
    expect(Date.parse(unequipped.updatedAt)).toBeGreaterThan(Date.parse(before.wrap.updatedAt));

    await ok('DELETE', `/api/admin/locations/${faro.id}`);
    const moved = { wrap: await read(wrap.id), everywhere: await read(everywhere.id) };
    expect(moved.wrap.locationIds).toEqual([first.id]);
    expect(Date.parse(moved.wrap.updatedAt)).toBeGreaterThan(Date.parse(unequipped.updatedAt));
    // A service linked to no location is offered at every one: its list lost Faro too.
    expect(moved.everywhere.locationIds).not.toContain(faro.id);
    expect(Date.parse(moved.everywhere.updatedAt)).toBeGreaterThan(Date.parse(before.everywhere.updatedAt));
    // One offered only where nothing changed keeps its updatedAt.
    expect((await read(untouched.id)).updatedAt).toBe(before.untouched.updatedAt);
  });
});
