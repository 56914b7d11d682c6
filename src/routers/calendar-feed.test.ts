import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarFeeds, services, users } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';

/*
 * Calendar subscriptions: a staff member's private URL (GET, rotate) and the text/calendar feed it answers
 * without a cookie: pending and confirmed appointments from 30 days back to 180 days ahead, UID as in the
 * invitations, times in UTC, SUMMARY the service and the customer's first name.
 */

const server = useTestServer();
const DAY = 24 * 60 * 60_000;

let employee: { cookie: string; id: string };
let other: string;
let ids: Record<string, string>;

beforeAll(async () => {
  const e = await signInAs(server.database, 'employee');
  employee = { cookie: e.cookie, id: e.user.id };
  other = (await signInAs(server.database, 'employee')).cookie;
  const customer = await signInAs(server.database, 'customer', { firstName: 'Rosa', lastName: 'Parker' });
  const [service] = await server.db
    .insert(services)
    .values({ name: 'Balayage', price: '120.00', duration: 90 })
    .returning({ id: services.id });
  // Whole minutes, so the feed's seconds-free UTC stamps can be compared exactly.
  const base = Math.floor(Date.now() / 60_000) * 60_000;
  const rows = [
    ['upcoming', base + 2 * DAY, 'confirmed'],
    ['pending', base + 3 * DAY, 'pending'],
    ['recent', base - 10 * DAY, 'confirmed'],
    ['cancelled', base + 4 * DAY, 'cancelled'],
    ['completed', base - 2 * DAY, 'completed'],
    ['tooOld', base - 40 * DAY, 'confirmed'],
    ['tooFar', base + 200 * DAY, 'confirmed'],
  ] as const;
  const created = await server.db
    .insert(appointments)
    .values(
      rows.map(([, at, status]) => ({
        serviceId: service!.id,
        employeeId: employee.id,
        customerId: customer.user.id,
        startsAt: new Date(at),
        endsAt: new Date(at + 90 * 60_000),
        duration: 90,
        status,
      })),
    )
    .returning({ id: appointments.id, startsAt: appointments.startsAt });
  ids = Object.fromEntries(rows.map(([name], i) => [name, created[i]!.id]));
});

const feedPath = (url: string) => new URL(url).pathname;
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('GET /api/employee/calendar-feed', () => {
  it('gives staff a private URL, the same on every call, and refuses customers and visitors', async () => {
    const first = await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      url: expect.stringMatching(/^https?:\/\/[^/]+\/api\/calendar-feeds\/[\w-]{43}\.ics$/),
    });
    const again = await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie });
    expect(again.body.url).toBe(first.body.url);
    const others = await server.request('GET', '/api/employee/calendar-feed', { cookie: other });
    expect(others.body.url).not.toBe(first.body.url);
    expect((await server.request('GET', '/api/employee/calendar-feed')).status).toBe(401);
    const customer = (await signInAs(server.database, 'customer')).cookie;
    expect((await server.request('GET', '/api/employee/calendar-feed', { cookie: customer })).status).toBe(403);
  });

  it('keeps only a hash of the token', async () => {
    const { url } = (await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie })).body;
    const token = feedPath(url).split('/').pop()!.replace('.ics', '');
    const stored = await server.db.select().from(calendarFeeds);
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});

describe('the feed', () => {
  it('answers text/calendar without a cookie: live appointments from 30 days back to 180 ahead', async () => {
    const { url } = (await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie })).body;
    const res = await server.request('GET', feedPath(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = res.text.replace(/\r\n[ \t]/g, '');
    expect(body).toMatch(/^BEGIN:VCALENDAR/);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const host = new URL(url).hostname;
    for (const name of ['upcoming', 'pending', 'recent'])
      expect(body).toContain(`UID:appointment-${ids[name]}@${host}`);
    for (const name of ['cancelled', 'completed', 'tooOld', 'tooFar']) expect(body).not.toContain(ids[name]);
    expect(body).toContain('SUMMARY:Balayage: Rosa');
    expect(body).not.toContain('Parker');
    const [row] = await server.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, ids.upcoming!));
    const start = row!.startsAt;
    expect(body).toContain(`DTSTART:${utc(start)}`);
    expect(body).toContain(`DTEND:${utc(new Date(start.getTime() + 90 * 60_000))}`);
  });

  it("names an erased customer's past visit as the screens do, in the owner's language", async () => {
    const owner = await signInAs(server.database, 'employee');
    await server.db.update(users).set({ locale: 'es' }).where(eq(users.id, owner.user.id));
    const customer = await signInAs(server.database, 'customer', { firstName: 'Nora', lastName: 'Vidal' });
    const [service] = await server.db.select({ id: services.id }).from(services).where(eq(services.name, 'Balayage'));
    const at = Math.floor(Date.now() / 60_000) * 60_000 - 3 * DAY;
    await server.db.insert(appointments).values({
      serviceId: service!.id,
      employeeId: owner.user.id,
      customerId: customer.user.id,
      startsAt: new Date(at),
      endsAt: new Date(at + 90 * 60_000),
      duration: 90,
      status: 'confirmed',
    });
    const admin = (await signInAs(server.database, 'admin')).cookie;
    const erased = await server.request('POST', `/api/admin/customers/${customer.user.id}/erase`, { cookie: admin });
    expect(erased.status, erased.text).toBe(200);
    const { url } = (await server.request('GET', '/api/employee/calendar-feed', { cookie: owner.cookie })).body;
    const body = (await server.request('GET', feedPath(url))).text.replace(/\r\n[ \t]/g, '');
    expect(body).toContain('SUMMARY:Balayage: Cliente eliminado');
    expect(body).not.toContain('Deleted');
  });

  it('rotates: a new URL works and the old one is 404 at once; an unknown token is 404', async () => {
    const old = (await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie })).body.url;
    const rotated = await server.request('POST', '/api/employee/calendar-feed/rotate', { cookie: employee.cookie });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.url).not.toBe(old);
    expect((await server.request('GET', feedPath(old))).status).toBe(404);
    expect((await server.request('GET', feedPath(rotated.body.url))).status).toBe(200);
    const current = await server.request('GET', '/api/employee/calendar-feed', { cookie: employee.cookie });
    expect(current.body.url).toBe(rotated.body.url);
    const unknown = await server.request('GET', '/api/calendar-feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Calendar feed not found', code: 'NOT_FOUND' });
  });
});
