import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  orders,
  packageCreditUses,
  packageCredits,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { bookableService, signInAs, useTestServer, type TestServer } from '../testing/test-server';
import { deliverWebhook } from '../testing/orders';

/*
 * Packages over the REST contract: staff define packs (services.edit), customers buy one as an order of one line,
 * the credit exists once that order is paid (staff mark-paid, or the card payment settling, once however often its
 * webhook comes), and a booking with creditId spends a session: prepaid, no deposit; a cancellation within the
 * notice gives it back, a late one doesn't, and reopening spends a given-back session again; an expired or spent
 * credit can't pay.
 */

const fake = createStripeFake();
const server = useTestServer();
const card = useTestServer({ payments: paymentsWithStripeFake(fake) });
const HOUR = 3_600_000;

/** A day three days ahead (UTC, the business zone of the tests) at `time`: every day is open 08:00-20:00 below. */
const ahead = (time: string) => `${new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10)}T${time}:00.000Z`;

interface Credit {
  id: string;
  packageId: string | null;
  remaining: number;
  sessions: number;
  expiresAt: string;
  serviceIds: string[];
}

async function setUp(s: TestServer) {
  const admin = (await signInAs(s.database, 'admin')).cookie;
  const employee = await signInAs(s.database, 'employee');
  const serviceId = await bookableService(
    s.db,
    employee.user.id,
    { name: `Massage ${Math.random().toString(36).slice(2, 7)}`, price: '80.00', duration: 60 },
    { startTime: '08:00', endTime: '20:00' },
  );
  const created = await s.request('POST', '/api/admin/packages', {
    cookie: admin,
    body: { name: 'Three massages', serviceIds: [serviceId], sessions: 3, price: 200, validDays: 90 },
  });
  expect(created.status, created.text).toBe(200);
  return { admin, serviceId, employeeId: employee.user.id, pack: created.body as { id: string; price: string } };
}

async function creditsOf(s: TestServer, cookie: string) {
  const res = await s.request('GET', '/api/auth/user/credits', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as Credit[];
}

describe('packages (pay at the business)', () => {
  let admin: string;
  let serviceId: string;
  let employeeId: string;
  let pack: { id: string; price: string };
  beforeAll(async () => {
    ({ admin, serviceId, employeeId, pack } = await setUp(server));
  });

  /** A customer who bought the pack, paid at the counter (staff mark the order paid). */
  async function holder() {
    const customer = await signInAs(server.database, 'customer');
    const bought = await server.request('POST', `/api/packages/${pack.id}/purchase`, { cookie: customer.cookie });
    expect(bought.status, bought.text).toBe(200);
    const order = bought.body.order as { id: string; total: string; status: string; items: { name: string }[] };
    expect(order).toMatchObject({
      total: '200.00',
      status: 'pending',
      items: [{ name: 'Three massages', quantity: 1 }],
    });
    expect(bought.body.paymentUrl).toBeUndefined();
    expect(await creditsOf(server, customer.cookie)).toEqual([]);
    const paid = await server.request('POST', `/api/orders/${order.id}/mark-paid`, { cookie: admin });
    expect(paid.status, paid.text).toBe(200);
    const [credit] = await creditsOf(server, customer.cookie);
    return { customer, credit: credit!, orderId: order.id };
  }

  const book = (cookie: string, time: string, creditId?: string) =>
    server.request('POST', '/api/appointments', {
      cookie,
      body: { serviceId, employeeId, dateTime: ahead(time), ...(creditId && { creditId }) },
    });

  it('lists packs publicly and lets only services.edit manage them, with audit entries', async () => {
    const list = await server.request('GET', '/api/packages');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ id: pack.id, sessions: 3, price: '200.00', validDays: 90, isActive: true }),
    );
    const customer = await signInAs(server.database, 'customer');
    const refused = await server.request('POST', '/api/admin/packages', {
      cookie: customer.cookie,
      body: { name: 'X', serviceIds: [serviceId], sessions: 2, price: 1, validDays: 1 },
    });
    expect(refused.status).toBe(403);
    const bad = await server.request('POST', '/api/admin/packages', {
      cookie: admin,
      body: { name: 'X', serviceIds: [serviceId], sessions: 51, price: 1, validDays: 1 },
    });
    expect(bad.status).toBe(400);
    const unknown = await server.request('POST', '/api/admin/packages', {
      cookie: admin,
      body: { name: 'X', serviceIds: ['00000000-0000-4000-8000-000000000000'], sessions: 2, price: 1, validDays: 1 },
    });
    expect(unknown.status).toBe(400);
    const made = await server.request('POST', '/api/admin/packages', {
      cookie: admin,
      body: { name: 'Two', serviceIds: [serviceId], sessions: 2, price: '90.50', validDays: 30 },
    });
    const hidden = await server.request('PUT', `/api/admin/packages/${made.body.id}`, {
      cookie: admin,
      body: { isActive: false },
    });
    expect(hidden.body).toMatchObject({ name: 'Two', price: '90.50', isActive: false });
    expect((await server.request('GET', '/api/packages')).body).not.toContainEqual(
      expect.objectContaining({ id: made.body.id }),
    );
    expect((await server.request('GET', '/api/admin/packages', { cookie: admin })).body).toContainEqual(
      expect.objectContaining({ id: made.body.id }),
    );
    const gone = await server.request('DELETE', `/api/admin/packages/${made.body.id}`, { cookie: admin });
    expect(gone.status).toBe(200);
    expect((await server.request('DELETE', `/api/admin/packages/${made.body.id}`, { cookie: admin })).status).toBe(404);
    const audited = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, made.body.id));
    expect(audited.map((a) => a.action).sort()).toEqual(['package.created', 'package.deleted', 'package.updated']);
  });

  it('a bought pack is a credit only once its order is paid, and one booking spends one session, prepaid', async () => {
    const { customer, credit } = await holder();
    expect(credit).toMatchObject({ packageId: pack.id, sessions: 3, remaining: 3, serviceIds: [serviceId] });
    const days = (new Date(credit.expiresAt).getTime() - Date.now()) / (24 * HOUR);
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);

    const booked = await book(customer.cookie, '10:00', credit.id);
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body).toMatchObject({ paymentStatus: 'prepaid', amountDue: '0.00' });
    expect(booked.body.paymentUrl).toBeUndefined();
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(2);
  });

  it('a cancellation within the notice gives the session back; a late one does not', async () => {
    const { customer, credit } = await holder();
    const early = await book(customer.cookie, '11:00', credit.id);
    expect(early.status, early.text).toBe(200);
    const cancelled = await server.request('POST', `/api/appointments/${early.body.id}/cancel`, {
      cookie: customer.cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(3);
    // Cancelling again changes nothing: the session went back once.
    await server.request('POST', `/api/appointments/${early.body.id}/cancel`, { cookie: admin });
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(3);

    const late = await book(customer.cookie, '12:00', credit.id);
    expect(late.status, late.text).toBe(200);
    // Now two hours before its start, inside the 24-hour notice: staff may still cancel, the session is kept.
    const startsAt = new Date(Date.now() + 2 * HOUR);
    await server.db
      .update(appointments)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
      .where(eq(appointments.id, late.body.id));
    const refused = await server.request('POST', `/api/appointments/${late.body.id}/cancel`, {
      cookie: customer.cookie,
    });
    expect(refused.status).toBe(409);
    const byStaff = await server.request('POST', `/api/appointments/${late.body.id}/cancel`, { cookie: admin });
    expect(byStaff.status, byStaff.text).toBe(200);
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(2);
  });

  const reopen = (id: string) =>
    server.request('PUT', `/api/appointments/${id}/status`, { cookie: admin, body: { status: 'confirmed' } });

  /** A prepaid booking its customer then cancels within the notice, so its session is back on the credit. */
  async function cancelledInTime(customer: { cookie: string }, creditId: string, time: string) {
    const booked = await book(customer.cookie, time, creditId);
    expect(booked.status, booked.text).toBe(200);
    const cancelled = await server.request('POST', `/api/appointments/${booked.body.id}/cancel`, {
      cookie: customer.cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    return booked.body.id as string;
  }

  async function stateOf(appointmentId: string) {
    const [row] = await server.db
      .select({
        status: appointments.status,
        sequence: appointments.sequence,
        returnedAt: packageCreditUses.returnedAt,
      })
      .from(appointments)
      .innerJoin(packageCreditUses, eq(packageCreditUses.appointmentId, appointments.id))
      .where(eq(appointments.id, appointmentId));
    return row!;
  }

  it('reopening an appointment whose session was given back spends it again, so cancel and reopen gain nothing', async () => {
    const { customer, credit } = await holder();
    const id = await cancelledInTime(customer, credit.id, '14:00');
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(3);

    const reopened = await reopen(id);
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'confirmed', paymentStatus: 'prepaid', amountDue: '0.00' });
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(2);
    expect((await stateOf(id)).returnedAt).toBeNull();

    // The use row counts as spent again, so the next cancellation within the notice gives the session back again.
    const again = await server.request('POST', `/api/appointments/${id}/cancel`, { cookie: customer.cookie });
    expect(again.status, again.text).toBe(200);
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(3);
  });

  it('reopening refuses when the credit has no session left or has expired, and changes nothing', async () => {
    const { customer, credit } = await holder();
    const id = await cancelledInTime(customer, credit.id, '15:00');
    const before = await stateOf(id);
    // Its session went to other bookings meanwhile.
    await server.db.update(packageCredits).set({ remaining: 0 }).where(eq(packageCredits.id, credit.id));
    const spent = await reopen(id);
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe('This package has no sessions left.');
    expect(await stateOf(id)).toEqual(before);
    expect(before.status).toBe('cancelled');
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(0);

    await server.db
      .update(packageCredits)
      .set({ remaining: 1, expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(packageCredits.id, credit.id));
    const expired = await reopen(id);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This package has expired.');
    expect(await stateOf(id)).toEqual(before);
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(1);
  });

  it('reopening after a late cancellation spends nothing more: the appointment kept its session', async () => {
    const { customer, credit } = await holder();
    const booked = await book(customer.cookie, '16:00', credit.id);
    expect(booked.status, booked.text).toBe(200);
    const startsAt = new Date(Date.now() + 5 * HOUR);
    await server.db
      .update(appointments)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
      .where(eq(appointments.id, booked.body.id));
    const byStaff = await server.request('POST', `/api/appointments/${booked.body.id}/cancel`, { cookie: admin });
    expect(byStaff.status, byStaff.text).toBe(200);
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(2);

    const reopened = await reopen(booked.body.id);
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'confirmed', paymentStatus: 'prepaid', amountDue: '0.00' });
    expect((await creditsOf(server, customer.cookie))[0]!.remaining).toBe(2);
    expect((await stateOf(booked.body.id)).returnedAt).toBeNull();
  });

  it('an expired, spent, foreign or uncovered credit cannot pay, and nothing is booked', async () => {
    const { customer, credit } = await holder();
    const other = await signInAs(server.database, 'customer');
    expect((await book(other.cookie, '13:00', credit.id)).status).toBe(404);

    const weekly = (count: number) =>
      server.request('POST', '/api/appointments', {
        cookie: customer.cookie,
        body: {
          serviceId,
          employeeId,
          dateTime: ahead('13:00'),
          creditId: credit.id,
          repeat: { frequency: 'weekly', count },
        },
      });
    const fourWeeks = await weekly(4);
    expect(fourWeeks.status).toBe(409);
    expect(fourWeeks.body.message).toBe('This package has only 3 sessions left.');
    await server.db.update(packageCredits).set({ remaining: 1 }).where(eq(packageCredits.id, credit.id));
    const twoWeeks = await weekly(2);
    expect(twoWeeks.status).toBe(409);
    expect(twoWeeks.body.message).toBe('This package has only 1 session left.');

    await server.db.update(packageCredits).set({ remaining: 0 }).where(eq(packageCredits.id, credit.id));
    const spent = await book(customer.cookie, '13:00', credit.id);
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe('This package has no sessions left.');

    await server.db
      .update(packageCredits)
      .set({ remaining: 3, expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(packageCredits.id, credit.id));
    const expired = await book(customer.cookie, '13:00', credit.id);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This package has expired.');
    const spanish = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: { serviceId, employeeId, dateTime: ahead('13:00'), creditId: credit.id },
    });
    expect(spanish.body.message).toBe('Este paquete ha caducado.');

    const elsewhere = await signInAs(server.database, 'employee');
    const otherService = await bookableService(
      server.db,
      elsewhere.user.id,
      { name: 'Haircut', price: '30.00', duration: 30 },
      { startTime: '08:00', endTime: '20:00' },
    );
    await server.db
      .update(packageCredits)
      .set({ expiresAt: new Date(Date.now() + 30 * 24 * HOUR) })
      .where(eq(packageCredits.id, credit.id));
    const uncovered = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId: otherService, dateTime: ahead('13:00'), creditId: credit.id },
    });
    expect(uncovered.status).toBe(400);
    const mine = await server.db.select().from(appointments).where(eq(appointments.customerId, customer.user.id));
    expect(mine).toEqual([]);
  });

  it('buying needs a signed-in person and a pack on sale', async () => {
    const bought = await server.request('POST', `/api/packages/${pack.id}/purchase`, {});
    expect(bought.status).toBe(401);
    expect((await server.request('POST', `/api/packages/not-a-pack/purchase`, { cookie: admin })).status).toBe(404);
  });
});

describe('packages (card payments)', () => {
  it('the credit exists once the card payment settles, once however often the webhook comes, with package.purchased', async () => {
    const { pack } = await setUp(card);
    const [endpoint] = await card.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://hooks.example/packages',
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdA==',
        events: ['package.purchased'],
      })
      .returning({ id: webhookEndpoints.id });
    expect(endpoint).toBeDefined();
    const customer = await signInAs(card.database, 'customer');
    const bought = await card.request('POST', `/api/packages/${pack.id}/purchase`, { cookie: customer.cookie });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body.paymentUrl).toMatch(/^https:/);
    // The order says what it buys: the pack, not a gift card (its screen offers no card).
    expect(bought.body.order).toMatchObject({ buys: 'package', boughtGiftCard: null });
    const [order] = await card.db.select().from(orders).where(eq(orders.id, bought.body.order.id));
    expect(order).toMatchObject({ paymentProvider: 'stripe', total: '200.00' });
    expect(await creditsOf(card, customer.cookie)).toEqual([]);

    const delivery = fake.event('checkout.session.completed', fake.pay(order!.paymentReference!));
    expect((await deliverWebhook(card, delivery)).body.result).toBe('applied');
    expect((await deliverWebhook(card, delivery)).status).toBe(200);
    const credits = await creditsOf(card, customer.cookie);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ remaining: 3, packageId: pack.id });
    const events = await card.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'package.purchased'));
    expect(events.map((e) => (e.data as { id: string }).id)).toEqual([credits[0]!.id]);
  });

  it('a free pack is paid as it is placed: no payment page, the credit at once', async () => {
    const { admin, serviceId } = await setUp(card);
    const free = await card.request('POST', '/api/admin/packages', {
      cookie: admin,
      body: { name: 'Two on us', serviceIds: [serviceId], sessions: 2, price: '0.00', validDays: 30 },
    });
    expect(free.status, free.text).toBe(200);
    const customer = await signInAs(card.database, 'customer');
    const sessionsBefore = fake.sessions.size;
    const bought = await card.request('POST', `/api/packages/${free.body.id}/purchase`, { cookie: customer.cookie });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body.paymentUrl).toBeUndefined();
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect(bought.body.order).toMatchObject({
      total: '0.00',
      status: 'processing',
      paymentStatus: 'paid',
      buys: 'package',
    });
    const [credit] = await creditsOf(card, customer.cookie);
    expect(credit).toMatchObject({ packageId: free.body.id, sessions: 2, remaining: 2 });
    const events = await card.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'package.purchased'));
    expect(events.map((e) => (e.data as { id: string }).id)).toContain(credit!.id);
  });
});
