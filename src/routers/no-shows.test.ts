import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, services } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';
import { NO_SHOW_TOO_EARLY_MESSAGE } from '../shared/appointment-schema';

/*
 * No-shows over the REST contract: the calendar's status call and both of the employee portal's status calls
 * set `no_show` on a pending or confirmed appointment once its start has passed (409 before), for staff with
 * appointments.edit; the customers list counts them and the dashboard lists this week's.
 */

const server = useTestServer();
const MINUTE = 60_000;

let admin: string;
let employee: { cookie: string; id: string };
let otherEmployee: string;
let viewerOnly: string;
let customer: { cookie: string; id: string };
let serviceId: string;

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  const e = await signInAs(server.database, 'employee', {
    firstName: 'Nia',
    permissions: ['appointments.view', 'appointments.edit'],
  });
  employee = { cookie: e.cookie, id: e.user.id };
  otherEmployee = (await signInAs(server.database, 'employee', { permissions: ['appointments.edit'] })).cookie;
  viewerOnly = (await signInAs(server.database, 'employee', { permissions: ['appointments.view'] })).cookie;
  const c = await signInAs(server.database, 'customer', { firstName: 'Noel', lastName: 'Absent' });
  customer = { cookie: c.cookie, id: c.user.id };
  const [service] = await server.db
    .insert(services)
    .values({ name: 'Pedicure', price: '40.00', duration: 30 })
    .returning({ id: services.id });
  serviceId = service!.id;
});

let spread = 0;
/**
 * An appointment starting about `minutesFromNow` from now: each one further from now than the last (past ones
 * earlier, future ones later), so that none overlap. `alone` gives it to a provider of its own, exactly then.
 */
async function appointment(
  minutesFromNow: number,
  status: 'pending' | 'confirmed' | 'cancelled' = 'confirmed',
  alone?: string,
) {
  spread += alone ? 0 : 31;
  const offset = alone ? minutesFromNow : minutesFromNow + (minutesFromNow < 0 ? -spread : spread);
  const startsAt = new Date(Date.now() + offset * MINUTE);
  const [row] = await server.db
    .insert(appointments)
    .values({
      serviceId,
      employeeId: alone ?? employee.id,
      customerId: customer.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
      duration: 30,
      status,
    })
    .returning({ id: appointments.id });
  return row!.id;
}
const statusOf = async (id: string) =>
  (await server.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]!
    .status;

describe('PUT /api/appointments/{id}/status to no_show', () => {
  it('is 409 with a sentence before the start, and changes nothing', async () => {
    const id = await appointment(120);
    const res = await server.request('PUT', `/api/appointments/${id}/status`, {
      cookie: admin,
      body: { status: 'no_show' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: NO_SHOW_TOO_EARLY_MESSAGE, code: 'CONFLICT' });
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('records a no-show once the start has passed, from pending or confirmed', async () => {
    for (const from of ['pending', 'confirmed'] as const) {
      const id = await appointment(-5, from);
      const res = await server.request('PUT', `/api/appointments/${id}/status`, {
        cookie: employee.cookie,
        body: { status: 'no_show' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'no_show' });
    }
  });

  it('refuses a cancelled appointment (409), and staff without appointments.edit (403)', async () => {
    const cancelled = await appointment(-90, 'cancelled');
    const res = await server.request('PUT', `/api/appointments/${cancelled}/status`, {
      cookie: admin,
      body: { status: 'no_show' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A cancelled appointment cannot be marked as a no-show.');
    const id = await appointment(-5);
    for (const cookie of [viewerOnly, customer.cookie]) {
      const denied = await server.request('PUT', `/api/appointments/${id}/status`, {
        cookie,
        body: { status: 'no_show' },
      });
      expect(denied.status).toBe(403);
    }
    expect(await statusOf(id)).toBe('confirmed');
  });
});

describe("the employee portal's status calls to no_show", () => {
  it('PUT: 409 before the start, 200 after; POST with the id in the body the same', async () => {
    const early = await appointment(60, 'pending');
    const refused = await server.request('PUT', `/api/employee/appointments/${early}/status`, {
      cookie: employee.cookie,
      body: { status: 'no_show' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_SHOW_TOO_EARLY_MESSAGE);
    expect(await statusOf(early)).toBe('pending');

    const late = await appointment(-10, 'pending');
    const marked = await server.request('PUT', `/api/employee/appointments/${late}/status`, {
      cookie: employee.cookie,
      body: { status: 'no_show' },
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.status).toBe('no_show');

    const byBody = await appointment(-10, 'confirmed');
    const posted = await server.request('POST', '/api/employee/appointments/status', {
      cookie: employee.cookie,
      body: { appointmentId: byBody, status: 'no_show' },
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.status).toBe('no_show');
    // A no-show is final in the portal.
    const again = await server.request('PUT', `/api/employee/appointments/${byBody}/status`, {
      cookie: employee.cookie,
      body: { status: 'completed' },
    });
    expect(again.status).toBe(409);
  });

  it("answers 404 for someone else's appointment and 403 without appointments.edit", async () => {
    const id = await appointment(-10);
    const other = await server.request('PUT', `/api/employee/appointments/${id}/status`, {
      cookie: otherEmployee,
      body: { status: 'no_show' },
    });
    expect(other.status).toBe(404);
    const viewer = await server.request('PUT', `/api/employee/appointments/${id}/status`, {
      cookie: viewerOnly,
      body: { status: 'no_show' },
    });
    expect(viewer.status).toBe(403);
    expect(await statusOf(id)).toBe('confirmed');
  });
});

describe('no-show figures', () => {
  it("counts a customer's no-shows in the customers list and lists this week's on the dashboard", async () => {
    // Starting now, so that it is this week's whenever the test runs, Monday just after midnight too (a no-show is
    // marked once the start has passed, and the call below comes after it).
    const provider = (await signInAs(server.database, 'employee', { firstName: 'Nia' })).user.id;
    const id = await appointment(0, 'confirmed', provider);
    await server.request('PUT', `/api/appointments/${id}/status`, { cookie: admin, body: { status: 'no_show' } });
    const noShows = (
      await server.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.status, 'no_show'))
    ).length;
    const customers = await server.request('GET', '/api/admin/customers?search=Absent', { cookie: admin });
    expect(customers.status).toBe(200);
    expect(customers.body.items).toEqual([
      expect.objectContaining({ id: customer.id, noShowCount: noShows, appointmentCount: expect.any(Number) }),
    ]);
    const dashboard = await server.request('GET', '/api/admin/dashboard', { cookie: admin });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.weekNoShows).toContainEqual({
      id,
      dateTime: expect.any(String),
      service: { name: 'Pedicure' },
      customer: { id: customer.id, firstName: 'Noel', lastName: 'Absent', email: expect.any(String) },
      employee: { id: provider, firstName: 'Nia', lastName: expect.any(String) },
    });
  });
});
