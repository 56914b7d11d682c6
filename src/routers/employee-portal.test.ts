import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, packageCreditUses, packageCredits, services, users } from '../../db/schema/index';
import { hashPassword } from '../server/auth/passwords';
import { deliverWebhook } from '../testing/orders';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { bookableService, signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
const fake = createStripeFake();
const card = useTestServer({ payments: paymentsWithStripeFake(fake) });
const HOUR = 3_600_000;

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
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show',
  opts: { serviceId?: string | null; notes?: string; startsAt?: Date } = {},
) {
  hour += 2;
  const startsAt = opts.startsAt ?? new Date(Date.UTC(2031, 0, 1, hour));
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
      locationId: expect.any(String),
      location: { id: expect.any(String), name: expect.any(String), address: '' },
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
      answers: [],
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
    // A status is said in words, never as the API spells it.
    const missed = await appointment(maya.user.id, 'no_show', { startsAt: new Date(Date.now() - 3_600_000) });
    const reopened = await server.request('PUT', `/api/employee/appointments/${missed.id}/status`, {
      cookie: maya.cookie,
      body: { status: 'confirmed' },
    });
    expect([reopened.status, reopened.body.message]).toEqual([
      409,
      'A no-show appointment cannot be changed to confirmed.',
    ]);
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

describe('a cancellation or a no-show in the portal settles as the calendar settles it', () => {
  /** Makes the appointment prepaid by a credit of three sessions that spent one on it. */
  async function prepaid(appointmentId: string) {
    const [credit] = await server.database.db
      .insert(packageCredits)
      .values({
        customerId: customer.user.id,
        name: 'Three massages',
        serviceIds: [serviceId],
        sessions: 3,
        remaining: 2,
        expiresAt: new Date(Date.UTC(2032, 0, 1)),
      })
      .returning({ id: packageCredits.id });
    await server.database.db.insert(packageCreditUses).values({ creditId: credit!.id, appointmentId });
    await server.database.db
      .update(appointments)
      .set({ paymentStatus: 'prepaid', amountDue: '0.00' })
      .where(eq(appointments.id, appointmentId));
    return credit!.id;
  }

  async function creditState(creditId: string, appointmentId: string) {
    const [row] = await server.database.db
      .select({ remaining: packageCredits.remaining, returnedAt: packageCreditUses.returnedAt })
      .from(packageCredits)
      .innerJoin(packageCreditUses, eq(packageCreditUses.creditId, packageCredits.id))
      .where(eq(packageCreditUses.appointmentId, appointmentId));
    return row!;
  }

  it('cancelling a prepaid appointment in time gives its session back, once; a late cancellation keeps it', async () => {
    const a = await appointment(maya.user.id, 'pending');
    const creditId = await prepaid(a.id);
    const res = await server.request('PUT', `/api/employee/appointments/${a.id}/status`, {
      cookie: maya.cookie,
      body: { status: 'cancelled' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'prepaid' });
    const back = await creditState(creditId, a.id);
    expect(back.remaining).toBe(3);
    expect(back.returnedAt).toBeInstanceOf(Date);
    // A new version of the invitation, as the calendar's cancellation makes.
    const [row] = await server.database.db
      .select({ sequence: appointments.sequence })
      .from(appointments)
      .where(eq(appointments.id, a.id));
    expect(row!.sequence).toBe(1);
    const again = await server.request('PUT', `/api/employee/appointments/${a.id}/status`, {
      cookie: maya.cookie,
      body: { status: 'cancelled' },
    });
    expect([again.status, again.body.message]).toEqual([
      409,
      'A cancelled appointment cannot be changed to cancelled.',
    ]);
    expect((await creditState(creditId, a.id)).remaining).toBe(3);

    // Two hours before its start, inside the 24-hour notice.
    const late = await appointment(maya.user.id, 'pending', { startsAt: new Date(Date.now() + 2 * HOUR) });
    const lateCredit = await prepaid(late.id);
    const cancelled = await server.request('POST', '/api/employee/appointments/status', {
      cookie: maya.cookie,
      body: { appointmentId: late.id, status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await creditState(lateCredit, late.id)).toEqual({ remaining: 2, returnedAt: null });
  });

  it('a no-show marked in the portal keeps the session', async () => {
    const clerk = await signInAs(server.database, 'employee', { permissions: ['appointments.edit'] });
    const a = await appointment(clerk.user.id, 'confirmed', { startsAt: new Date(Date.now() - 2 * HOUR) });
    const creditId = await prepaid(a.id);
    const res = await server.request('PUT', `/api/employee/appointments/${a.id}/status`, {
      cookie: clerk.cookie,
      body: { status: 'no_show' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'no_show', paymentStatus: 'prepaid' });
    expect(await creditState(creditId, a.id)).toEqual({ remaining: 2, returnedAt: null });
  });

  it('cancelling a paid deposit in time refunds it through Stripe, as the staff cancel does; a late one keeps it', async () => {
    const admin = (await signInAs(card.database, 'admin')).cookie;
    const employee = await signInAs(card.database, 'employee');
    const depositServiceId = await bookableService(
      card.db,
      employee.user.id,
      { name: 'Deep Tissue', price: '80.00', duration: 60 },
      { startTime: '08:00', endTime: '20:00' },
    );
    await card.db
      .update(services)
      .set({ depositType: 'fixed', depositAmount: '20.00' })
      .where(eq(services.id, depositServiceId));
    const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);

    /** A customer's booking with its deposit paid, then put back to pending by staff (the portal cancels pending ones). */
    async function paidPending(time: string) {
      const payer = await signInAs(card.database, 'customer');
      const booked = await card.request('POST', '/api/appointments', {
        cookie: payer.cookie,
        body: { serviceId: depositServiceId, employeeId: employee.user.id, dateTime: `${day}T${time}:00.000Z` },
      });
      expect(booked.status, booked.text).toBe(200);
      const id = booked.body.id as string;
      const [row] = await card.db
        .select({ reference: appointments.paymentReference })
        .from(appointments)
        .where(eq(appointments.id, id));
      const session = fake.pay(row!.reference!);
      expect((await deliverWebhook(card, fake.event('checkout.session.completed', session))).body.result).toBe(
        'applied',
      );
      const pending = await card.request('PUT', `/api/appointments/${id}/status`, {
        cookie: admin,
        body: { status: 'pending' },
      });
      expect(pending.body).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
      return { id, intent: session.payment_intent as string };
    }

    const inTime = await paidPending('10:00');
    const res = await card.request('PUT', `/api/employee/appointments/${inTime.id}/status`, {
      cookie: employee.cookie,
      body: { status: 'cancelled' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.intents.get(inTime.intent)).toMatchObject({ amount_refunded: 2000 });

    const late = await paidPending('12:00');
    const startsAt = new Date(Date.now() + 2 * HOUR);
    await card.db
      .update(appointments)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
      .where(eq(appointments.id, late.id));
    const kept = await card.request('POST', '/api/employee/appointments/status', {
      cookie: employee.cookie,
      body: { appointmentId: late.id, status: 'cancelled' },
    });
    expect(kept.body).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(fake.intents.get(late.intent)!.amount_refunded ?? 0).toBe(0);
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
