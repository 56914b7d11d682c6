import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, services, users } from '../../db/schema/index';
import { hashPassword } from '../server/auth/passwords';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();

type Person = Awaited<ReturnType<typeof signInAs>>;
let maya: Person;
let liam: Person;
let customer: Person;
let serviceId: string;
let hour = 0;

beforeAll(async () => {
  maya = await signInAs(server.database, 'employee', { firstName: 'Maya', lastName: 'Okafor' });
  liam = await signInAs(server.database, 'employee', { firstName: 'Liam' });
  customer = await signInAs(server.database, 'customer', {
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex.portal@example.com',
  });
  const [service] = await server.database.db
    .insert(services)
    .values({ name: 'Swedish Massage', price: '85.00', duration: 60 })
    .returning();
  serviceId = service!.id;
});

/** An appointment of an employee, a distinct hour each time so none overlap. */
async function appointment(
  employeeId: string,
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
  opts: { serviceId?: string | null; notes?: string } = {},
) {
  hour += 2;
  const startsAt = new Date(Date.UTC(2031, 0, 1, hour));
  const [row] = await server.database.db
    .insert(appointments)
    .values({
      serviceId: opts.serviceId === undefined ? serviceId : opts.serviceId,
      employeeId,
      customerId: customer.user.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      duration: 60,
      notes: opts.notes ?? '',
      status,
    })
    .returning();
  return row!;
}

const statusOf = async (id: string) =>
  (
    await server.database.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id))
  )[0]!.status;

describe('GET /api/employee/appointments', () => {
  it("lists only the caller's appointments, with customer and service, under both names", async () => {
    const mine = await appointment(maya.user.id, 'pending', { notes: 'First visit.' });
    await appointment(liam.user.id, 'pending');
    const res = await server.request('GET', '/api/employee/appointments', { cookie: maya.cookie });
    expect(res.status, res.text).toBe(200);
    const found = res.body.find((a: { id: string }) => a.id === mine.id);
    expect(found).toEqual({
      id: mine.id,
      serviceId,
      employeeId: maya.user.id,
      customerId: customer.user.id,
      userId: customer.user.id,
      dateTime: mine.startsAt.toISOString(),
      appointmentDate: mine.startsAt.toISOString(),
      duration: 60,
      notes: 'First visit.',
      customerNotes: 'First visit.',
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      seriesId: null,
      sessionId: null,
      // The service asks for no deposit.
      amountDue: '0.00',
      paymentStatus: 'not_required',
      service: { id: serviceId, name: 'Swedish Massage', duration: 60, price: '85.00' },
      customer: { id: customer.user.id, firstName: 'Alex', lastName: 'Morgan', email: 'alex.portal@example.com' },
      employee: { id: maya.user.id, firstName: 'Maya', lastName: 'Okafor' },
      remindersSent: [],
    });
    expect(res.body.every((a: { employeeId: string }) => a.employeeId === maya.user.id)).toBe(true);
  });

  it('keeps an appointment whose service was deleted, with service null', async () => {
    const [gone] = await server.database.db.insert(services).values({ name: 'Retired', price: '10.00' }).returning();
    const orphan = await appointment(maya.user.id, 'confirmed', { serviceId: gone!.id });
    await server.database.db.delete(services).where(eq(services.id, gone!.id));
    const res = await server.request('GET', '/api/employee/appointments', { cookie: maya.cookie });
    expect(res.body.find((a: { id: string }) => a.id === orphan.id)).toMatchObject({ serviceId: null, service: null });
  });

  it('is for staff only', async () => {
    expect((await server.request('GET', '/api/employee/appointments')).status).toBe(401);
    expect((await server.request('GET', '/api/employee/appointments', { cookie: customer.cookie })).status).toBe(403);
  });
});

describe('employee appointment status changes', () => {
  it('confirms then completes with PUT …/{appointmentId}/status, and cancels with POST …/status', async () => {
    const a = await appointment(maya.user.id, 'pending');
    const confirmed = await server.request('PUT', `/api/employee/appointments/${a.id}/status`, {
      cookie: maya.cookie,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ id: a.id, status: 'confirmed', customer: { firstName: 'Alex' } });
    const completed = await server.request('POST', '/api/employee/appointments/status', {
      cookie: maya.cookie,
      body: { appointmentId: a.id, status: 'completed' },
    });
    expect(completed.body).toMatchObject({ id: a.id, status: 'completed' });
    expect(await statusOf(a.id)).toBe('completed');

    const b = await appointment(maya.user.id, 'pending');
    const cancelled = await server.request('POST', '/api/employee/appointments/status', {
      cookie: maya.cookie,
      body: { appointmentId: b.id, status: 'cancelled' },
    });
    expect(cancelled.body.status).toBe('cancelled');
  });

  it('refuses every other transition with 409 and changes nothing', async () => {
    const cases: [from: 'pending' | 'confirmed' | 'completed' | 'cancelled', to: string][] = [
      ['pending', 'completed'],
      ['pending', 'pending'],
      ['confirmed', 'cancelled'],
      ['confirmed', 'pending'],
      ['completed', 'confirmed'],
      ['completed', 'cancelled'],
      ['cancelled', 'confirmed'],
      ['cancelled', 'pending'],
    ];
    for (const [from, to] of cases) {
      const a = await appointment(maya.user.id, from);
      const res = await server.request('PUT', `/api/employee/appointments/${a.id}/status`, {
        cookie: maya.cookie,
        body: { status: to },
      });
      expect([from, to, res.status, res.body.code]).toEqual([from, to, 409, 'CONFLICT']);
      expect(res.body.message).toBe(`A ${from} appointment cannot be changed to ${to}.`);
      expect(await statusOf(a.id)).toBe(from);
    }
  });

  it("answers 404 for another employee's appointment and for unknown ids, 400 for a bad status", async () => {
    const liams = await appointment(liam.user.id, 'pending');
    const put = await server.request('PUT', `/api/employee/appointments/${liams.id}/status`, {
      cookie: maya.cookie,
      body: { status: 'confirmed' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ code: 'NOT_FOUND', message: 'Appointment not found' });
    const post = await server.request('POST', '/api/employee/appointments/status', {
      cookie: maya.cookie,
      body: { appointmentId: liams.id, status: 'cancelled' },
    });
    expect(post.status).toBe(404);
    expect(await statusOf(liams.id)).toBe('pending');
    expect(
      (
        await server.request('PUT', '/api/employee/appointments/not-an-id/status', {
          cookie: maya.cookie,
          body: { status: 'confirmed' },
        })
      ).status,
    ).toBe(404);
    const bad = await server.request('PUT', `/api/employee/appointments/${liams.id}/status`, {
      cookie: liam.cookie,
      body: { status: 'done' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: pending, confirmed, completed, cancelled, no_show');
    const missing = await server.request('POST', '/api/employee/appointments/status', {
      cookie: liam.cookie,
      body: { status: 'confirmed' },
    });
    expect(missing.status).toBe(400);
  });
});

describe('POST /api/employee/password', () => {
  it('needs the current password, then changes it and ends the other sessions but not this one', async () => {
    const person = await signInAs(server.database, 'employee');
    await server.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('old-password-2026') })
      .where(eq(users.id, person.user.id));
    const other = await signInAs(server.database, 'employee');
    // A second session of the same person (another browser).
    const { createSession, SESSION_COOKIE } = await import('../server/auth/sessions');
    const second = `${SESSION_COOKIE}=${(await createSession(server.database.db, person.user.id)).token}`;

    const wrong = await server.request('POST', '/api/employee/password', {
      cookie: person.cookie,
      body: { currentPassword: 'nope', newPassword: 'new-password-2026' },
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'The current password is not correct.']);
    const short = await server.request('POST', '/api/employee/password', {
      cookie: person.cookie,
      body: { currentPassword: 'old-password-2026', newPassword: 'short' },
    });
    expect([short.status, short.body.message]).toEqual([400, 'Password must be at least 12 characters']);
    expect((await server.request('GET', '/api/employee/me', { cookie: second })).status).toBe(200);

    const ok = await server.request('POST', '/api/employee/password', {
      cookie: person.cookie,
      body: { currentPassword: 'old-password-2026', newPassword: 'new-password-2026' },
    });
    expect([ok.status, ok.body]).toEqual([200, { success: true }]);
    expect((await server.request('GET', '/api/employee/me', { cookie: person.cookie })).status).toBe(200);
    expect((await server.request('GET', '/api/employee/me', { cookie: second })).status).toBe(401);
    expect((await server.request('GET', '/api/employee/me', { cookie: other.cookie })).status).toBe(200);
    const login = await server.request('POST', '/api/employee/login', {
      body: { email: person.user.email, password: 'new-password-2026' },
    });
    expect(login.status).toBe(200);
  });

  it('says so when the account has no password (signs in through the identity provider)', async () => {
    const person = await signInAs(server.database, 'admin');
    const res = await server.request('POST', '/api/employee/password', {
      cookie: person.cookie,
      body: { currentPassword: 'anything', newPassword: 'new-password-2026' },
    });
    expect([res.status, res.body.message]).toEqual([
      400,
      'This account signs in through the identity provider and has no password to change.',
    ]);
  });
});
