import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobs, services } from '../../db/schema/index';
import { depositHoldJob } from '../server/appointments/deposit-settlement';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { bookableService, signInAs, useTestServer, type TestServer } from '../testing/test-server';
import { CLASS_FULL_MESSAGE, SEAT_TAKEN_MESSAGE } from '../shared/appointment-schema';
import { deliverWebhook } from '../testing/orders';

/*
 * Deposits over the REST contract, with Stripe offline: a booking of a service with a deposit is held while the
 * customer pays on the Checkout page; paid, it is confirmed; not paid in time (the expiry webhook, or the hold job
 * as a backstop), it is cancelled and the time freed. A cancellation within the notice gives the deposit back; a
 * late one and a no-show keep it; staff with payments.refunds give it back by hand.
 */

const fake = createStripeFake();
const payments = paymentsWithStripeFake(fake);
const server = useTestServer({ payments });
const offline = useTestServer();
const HOUR = 3_600_000;

let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

/** A day three days ahead (UTC, the business zone of the tests) at `time`. */
const ahead = (time: string) => `${new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10)}T${time}:00.000Z`;

/** A service of its own employee, open all day, with a deposit. */
async function depositService(
  s: TestServer,
  deposit: { depositType: 'fixed' | 'full' | 'none'; depositAmount?: string } = {
    depositType: 'fixed',
    depositAmount: '20.00',
  },
) {
  const employee = await signInAs(s.database, 'employee');
  const serviceId = await bookableService(
    s.db,
    employee.user.id,
    { name: `Massage ${Math.random().toString(36).slice(2, 7)}`, price: '80.00', duration: 60 },
    { startTime: '08:00', endTime: '20:00' },
  );
  await s.db
    .update(services)
    .set({ depositType: deposit.depositType, depositAmount: deposit.depositAmount ?? null })
    .where(eq(services.id, serviceId));
  return { serviceId, employeeId: employee.user.id };
}

async function book(s: TestServer, body: Record<string, unknown>) {
  const customer = await signInAs(s.database, 'customer');
  const res = await s.request('POST', '/api/appointments', { cookie: customer.cookie, body });
  expect(res.status, res.text).toBe(200);
  return { customer, booking: res.body as { id: string; paymentUrl?: string; seriesId: string | null } };
}

async function rowOf(id: string) {
  const [row] = await server.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

/** A customer books a $20.00 deposit at 10:00 three days ahead; the answer's page and the session behind it. */
async function heldBooking(body: Record<string, unknown> = {}) {
  const { serviceId, employeeId } = await depositService(server);
  const { customer, booking } = await book(server, { serviceId, employeeId, dateTime: ahead('10:00'), ...body });
  const sessionId = (await rowOf(booking.id)).paymentReference!;
  return { customer, booking, sessionId, serviceId, employeeId };
}

async function paidBooking() {
  const held = await heldBooking();
  const res = await deliverWebhook(server, fake.event('checkout.session.completed', fake.pay(held.sessionId)));
  expect(res.body.result).toBe('applied');
  return held;
}

const runHoldJob = (reference: string) =>
  depositHoldJob({ database: server.database, payments, publicUrl: 'http://localhost:3000' }).run(
    { provider: 'stripe', reference },
    { id: 'test', attempts: 1 },
  );

const slotTimes = async (s: TestServer, serviceId: string, date: string) =>
  (
    (await s.request('GET', `/api/appointments/slots?serviceId=${serviceId}&date=${date}`)).body as { time: string }[]
  ).map((slot) => slot.time);

/** Moves an appointment's time directly (the API refuses times within the notice or in the past). */
async function startAt(id: string, startsAt: Date) {
  await server.db
    .update(appointments)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
    .where(eq(appointments.id, id));
}

describe('services with a deposit', () => {
  it('are written and answered with `deposit`; a fixed one must be more than 0 and at most the price', async () => {
    const base = { name: 'Colour', price: '60.00', duration: 60 };
    const fixed = await server.request('POST', '/api/services', {
      cookie: admin,
      body: { ...base, deposit: { type: 'fixed', amount: '15' } },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.deposit).toEqual({ type: 'fixed', amount: '15.00' });
    const plain = await server.request('POST', '/api/services', { cookie: admin, body: base });
    expect(plain.body.deposit).toEqual({ type: 'none' });

    const tooMuch = await server.request('POST', '/api/services', {
      cookie: admin,
      body: { ...base, deposit: { type: 'fixed', amount: '60.01' } },
    });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      400,
      'The deposit cannot be more than the price of the service.',
    ]);
    const zero = await server.request('POST', '/api/services', {
      cookie: admin,
      body: { ...base, deposit: { type: 'fixed', amount: '0' } },
    });
    expect(zero.status).toBe(400);
    expect(zero.text).toContain('Deposit amount must be more than 0');

    // A lower price must still cover the deposit it keeps; the whole price needs no amount.
    const cheaper = await server.request('PUT', `/api/services/${fixed.body.id}`, {
      cookie: admin,
      body: { price: '10.00' },
    });
    expect(cheaper.status).toBe(400);
    const full = await server.request('PUT', `/api/services/${fixed.body.id}`, {
      cookie: admin,
      body: { price: '10.00', deposit: { type: 'full' } },
    });
    expect(full.status, full.text).toBe(200);
    expect(full.body).toMatchObject({ price: '10.00', deposit: { type: 'full' } });
  });
});

describe('booking a service with a deposit, card payments configured', () => {
  it('holds the time for 15 minutes and answers the Checkout page for the deposit', async () => {
    const before = Date.now();
    const { customer, booking, sessionId } = await heldBooking();
    expect(booking).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      amountDue: '20.00',
      paymentUrl: `https://checkout.stripe.com/c/pay/${sessionId}`,
    });
    expect(fake.sessions.get(sessionId)).toMatchObject({
      amount_total: 2000,
      currency: 'usd',
      customer_email: customer.user.email,
      metadata: { appointmentId: booking.id, userId: customer.user.id },
      success_url: 'http://localhost:3000/profile?payment=success',
    });
    const [hold] = await server.db
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'depositHold'), eq(jobs.uniqueKey, `deposit-hold:${sessionId}`)));
    expect(hold!.status).toBe('pending');
    const minutes = (hold!.runAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(15);
    expect(minutes).toBeLessThan(16);
    // Reading it back gives the appointment alone.
    const read = await server.request('GET', `/api/appointments/${booking.id}`, { cookie: customer.cookie });
    expect(read.body).not.toHaveProperty('paymentUrl');
  });

  it('is confirmed when paid, once however often the event comes', async () => {
    const { booking, sessionId, customer } = await heldBooking();
    const paid = fake.event('checkout.session.completed', fake.pay(sessionId));
    expect((await deliverWebhook(server, paid)).body.result).toBe('applied');
    expect((await deliverWebhook(server, paid)).body.result).toBe('duplicate');
    const read = await server.request('GET', `/api/appointments/${booking.id}`, { cookie: customer.cookie });
    expect(read.body).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountDue: '20.00' });
  });

  it('is cancelled and its time freed when the page expires unpaid', async () => {
    const { booking, sessionId, serviceId } = await heldBooking();
    const date = ahead('10:00').slice(0, 10);
    expect(await slotTimes(server, serviceId, date)).not.toContain('10:00');
    const res = await deliverWebhook(server, fake.event('checkout.session.expired', fake.expire(sessionId)));
    expect(res.body.result).toBe('applied');
    expect(await rowOf(booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await slotTimes(server, serviceId, date)).toContain('10:00');
  });

  it('is cancelled by the hold job when no event came, and its page expired so that nobody can pay', async () => {
    const { booking, sessionId } = await heldBooking();
    await runHoldJob(sessionId);
    expect(await rowOf(booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    // The expiry event that follows changes nothing more.
    const late = await deliverWebhook(server, fake.event('checkout.session.expired', fake.sessions.get(sessionId)!));
    expect(late.body.result).toBe('ignored');
  });

  it('is confirmed by the hold job when the payment was made but its event is late', async () => {
    const { booking, sessionId } = await heldBooking();
    fake.pay(sessionId);
    await runHoldJob(sessionId);
    expect(await rowOf(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('gives the money back when it is paid for a booking cancelled meanwhile', async () => {
    const { booking, sessionId, customer } = await heldBooking();
    const cancel = await server.request('POST', `/api/appointments/${booking.id}/cancel`, { cookie: customer.cookie });
    expect(cancel.body).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    const session = fake.pay(sessionId);
    expect((await deliverWebhook(server, fake.event('checkout.session.completed', session))).body.result).toBe(
      'applied',
    );
    expect(await rowOf(booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.intents.get(session.payment_intent as string)).toMatchObject({ amount_refunded: 2000 });
  });

  it('takes one payment for a series, each occurrence refunded on its own', async () => {
    const { booking, sessionId, customer } = await heldBooking({ repeat: { frequency: 'weekly', count: 3 } });
    expect(fake.sessions.get(sessionId)!.amount_total).toBe(6000);
    const session = fake.pay(sessionId);
    await deliverWebhook(server, fake.event('checkout.session.completed', session));
    const series = await server.request('GET', `/api/appointments?seriesId=${booking.seriesId}`, {
      cookie: customer.cookie,
    });
    expect(series.body.map((a: { status: string; paymentStatus: string }) => [a.status, a.paymentStatus])).toEqual([
      ['confirmed', 'paid'],
      ['confirmed', 'paid'],
      ['confirmed', 'paid'],
    ]);
    const last = series.body[2].id as string;
    const res = await server.request('POST', `/api/appointments/${last}/cancel`, { cookie: customer.cookie });
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.intents.get(session.payment_intent as string)).toMatchObject({ amount_refunded: 2000 });
  });

  it('asks the whole price for a full deposit, and nothing for a service without one', async () => {
    const full = await depositService(server, { depositType: 'full' });
    const { booking } = await book(server, { ...full, dateTime: ahead('11:00') });
    expect(booking).toMatchObject({ amountDue: '80.00', paymentStatus: 'unpaid' });
    const none = await depositService(server, { depositType: 'none' });
    const plain = await book(server, { ...none, dateTime: ahead('11:00') });
    expect(plain.booking).toMatchObject({ amountDue: '0.00', paymentStatus: 'not_required' });
    expect(plain.booking).not.toHaveProperty('paymentUrl');
  });

  it('leaves the deposit to the appointment when staff book for a customer', async () => {
    const { serviceId, employeeId } = await depositService(server);
    const customer = await signInAs(server.database, 'customer');
    const res = await server.request('POST', '/api/appointments', {
      cookie: admin,
      body: { serviceId, employeeId, customerId: customer.user.id, dateTime: ahead('12:00'), status: 'confirmed' },
    });
    expect(res.body).toMatchObject({ status: 'confirmed', paymentStatus: 'unpaid', amountDue: '20.00' });
    expect(res.body).not.toHaveProperty('paymentUrl');
  });
});

describe('cancellations, no-shows and refunds of a paid deposit', () => {
  it('a cancellation within the notice gives the deposit back through Stripe', async () => {
    const { booking, customer, sessionId } = await paidBooking();
    const res = await server.request('POST', `/api/appointments/${booking.id}/cancel`, { cookie: customer.cookie });
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const intent = fake.sessions.get(sessionId)!.payment_intent as string;
    expect(fake.intents.get(intent)).toMatchObject({ amount_refunded: 2000 });
  });

  it('a late cancellation keeps it, and so does a no-show', async () => {
    const late = await paidBooking();
    await startAt(late.booking.id, new Date(Date.now() + 2 * HOUR));
    const cancelled = await server.request('POST', `/api/appointments/${late.booking.id}/cancel`, { cookie: admin });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });

    const absent = await paidBooking();
    await startAt(absent.booking.id, new Date(Date.now() - 2 * HOUR));
    const noShow = await server.request('PUT', `/api/appointments/${absent.booking.id}/status`, {
      cookie: admin,
      body: { status: 'no_show' },
    });
    expect(noShow.body).toMatchObject({ status: 'no_show', paymentStatus: 'paid' });
    const intent = fake.sessions.get(absent.sessionId)!.payment_intent as string;
    expect(fake.intents.get(intent)!.amount_refunded ?? 0).toBe(0);
  });

  it('staff with payments.refunds give it back by hand; others are refused', async () => {
    const { booking, customer, sessionId } = await paidBooking();
    const path = `/api/appointments/${booking.id}/deposit-refund`;
    expect((await server.request('POST', path, { cookie: customer.cookie })).status).toBe(403);
    const clerk = await signInAs(server.database, 'employee', { permissions: ['appointments.edit'] });
    expect((await server.request('POST', path, { cookie: clerk.cookie })).status).toBe(403);
    const missing = await server.request(
      'POST',
      '/api/appointments/00000000-0000-4000-8000-000000000000/deposit-refund',
      {
        cookie: admin,
      },
    );
    expect(missing.status).toBe(404);

    const refunder = await signInAs(server.database, 'employee', { permissions: ['payments.refunds'] });
    const res = await server.request('POST', path, { cookie: refunder.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' });
    const intent = fake.sessions.get(sessionId)!.payment_intent as string;
    expect(fake.intents.get(intent)).toMatchObject({ amount_refunded: 2000 });
    const again = await server.request('POST', path, { cookie: refunder.cookie });
    expect([again.status, again.body.message]).toEqual([409, 'This deposit has already been refunded.']);
  });

  it('refuses a manual refund of a deposit that is not paid by card', async () => {
    const { booking } = await heldBooking();
    const res = await server.request('POST', `/api/appointments/${booking.id}/deposit-refund`, { cookie: admin });
    expect([res.status, res.body.message]).toEqual([409, 'Only a deposit paid by card can be refunded.']);
  });
});

describe('the last seat of a class with a deposit', () => {
  /** A class of 2 with a $20.00 deposit, one seat held by a customer who paid, at `time` three days ahead. */
  async function oneSeatLeft(time: string) {
    const { serviceId, employeeId } = await depositService(server);
    await server.db.update(services).set({ capacity: 2 }).where(eq(services.id, serviceId));
    const dateTime = ahead(time);
    const first = await book(server, { serviceId, employeeId, dateTime });
    const firstSession = (await rowOf(first.booking.id)).paymentReference!;
    await deliverWebhook(server, fake.event('checkout.session.completed', fake.pay(firstSession)));
    return { serviceId, employeeId, dateTime, first, firstSession };
  }
  const seatsLeft = async (serviceId: string, employeeId: string, dateTime: string) =>
    (
      (
        await server.request(
          'GET',
          `/api/appointments/slots?serviceId=${serviceId}&employeeId=${employeeId}&date=${dateTime.slice(0, 10)}`,
        )
      ).body as { dateTime: string; seatsLeft: number }[]
    ).find((slot) => slot.dateTime === dateTime)?.seatsLeft ?? 0;

  // On PostgreSQL the two requests run at once (either may open its Checkout page before losing the seat); PGlite
  // serialises them, and the loser is refused before any page is opened. Several rounds give the race its chances.
  it('two customers paying for it at once: one books it, the other is never charged', async () => {
    for (const time of ['09:00', '11:00', '13:00', '15:00']) {
      const { serviceId, employeeId, dateTime, firstSession } = await oneSeatLeft(time);
      const before = new Set(fake.sessions.keys());
      const customers = await Promise.all([
        signInAs(server.database, 'customer'),
        signInAs(server.database, 'customer'),
      ]);
      const results = await Promise.all(
        customers.map((c) =>
          server.request('POST', '/api/appointments', { cookie: c.cookie, body: { serviceId, employeeId, dateTime } }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `${time}: ${results.map((r) => r.text).join(' | ')}`).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body as { id: string; paymentUrl: string };
      expect(results.find((r) => r.status === 409)!.body.message).toBe(CLASS_FULL_MESSAGE);

      const seats = await server.db
        .select({ id: appointments.id, customerId: appointments.customerId, ref: appointments.paymentReference })
        .from(appointments)
        .where(and(eq(appointments.serviceId, serviceId), eq(appointments.startsAt, new Date(dateTime))));
      expect(seats.map((s) => s.ref).sort()).toEqual([firstSession, (await rowOf(winner.id)).paymentReference].sort());
      expect(await seatsLeft(serviceId, employeeId, dateTime)).toBe(0);

      // The winner's page is the one open; any page the loser opened is expired, nothing charged on it.
      const opened = [...fake.sessions.values()].filter((session) => !before.has(session.id as string));
      const winnerSession = (await rowOf(winner.id)).paymentReference!;
      expect(winner.paymentUrl).toBe(`https://checkout.stripe.com/c/pay/${winnerSession}`);
      for (const session of opened) {
        const mine = session.id === winnerSession;
        expect(session.status, `${time}: ${String(session.id)}`).toBe(mine ? 'open' : 'expired');
        expect(session.payment_status).toBe('unpaid');
        expect(session.payment_intent).toBeNull();
      }
      expect(opened.filter((session) => session.status === 'open')).toHaveLength(1);
    }
  }, 60_000);

  it('opens no payment page for a seat the customer already holds', async () => {
    const { serviceId, employeeId, dateTime, first } = await oneSeatLeft('19:00');
    const before = fake.sessions.size;
    const again = await server.request('POST', '/api/appointments', {
      cookie: first.customer.cookie,
      body: { serviceId, employeeId, dateTime },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SEAT_TAKEN_MESSAGE);
    expect(fake.sessions.size).toBe(before);
    expect(await seatsLeft(serviceId, employeeId, dateTime)).toBe(1);
  });

  it('a seat cancelled within the notice gives its deposit back and frees the seat', async () => {
    const { serviceId, employeeId, dateTime, first, firstSession } = await oneSeatLeft('17:00');
    expect(await seatsLeft(serviceId, employeeId, dateTime)).toBe(1);
    const res = await server.request('POST', `/api/appointments/${first.booking.id}/cancel`, {
      cookie: first.customer.cookie,
    });
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const intent = fake.sessions.get(firstSession)!.payment_intent as string;
    expect(fake.intents.get(intent)).toMatchObject({ amount_refunded: 2000 });
    expect(await seatsLeft(serviceId, employeeId, dateTime)).toBe(2);
  });
});

describe('a deposit without card payments', () => {
  it('books as before: pending, the deposit due at the appointment, no payment page', async () => {
    const { serviceId, employeeId } = await depositService(offline);
    const { booking } = await book(offline, { serviceId, employeeId, dateTime: ahead('10:00') });
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', amountDue: '20.00' });
    expect(booking).not.toHaveProperty('paymentUrl');
  });
});
