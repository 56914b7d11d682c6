import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, orders as ordersTable, webhookDeliveries, webhookEvents } from '../../../db/schema/index';
import { addToCart, deliverWebhook, product } from '../../testing/orders';
import { webhookEventTypes } from '../../shared/webhook-schema';
import { signInWithOidc } from '../auth/oidc-sign-in';
import { findSession, type SessionUser } from '../auth/sessions';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { createJobRunner } from '../jobs/runner';
import { mailKind } from '../mail/delivery';
import { markOrderPaid } from '../orders/order-service';
import { createPayments } from '../payments/payments';
import { createStripeFake, paymentsWithStripeFake } from '../../testing/stripe-fake';
import { bookableService, signInAs, useTestServer } from '../../testing/test-server';
import { emitEvent } from './events';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../testing/webhook-receiver';

// Every write fires its event, whichever way it came (browser, REST, employee portal, Stripe webhook, a job),
// delivered to a real receiver that verifies each one with the standardwebhooks library, with the resource
// exactly as the REST GET of it answers.
const fake = createStripeFake();
const server = useTestServer({ payments: paymentsWithStripeFake(fake) });
const TZ = 'America/New_York';
let admin: string;
let receiver: WebhookReceiver;
let endpointId: string;

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  receiver = await startWebhookReceiver();
  const created = await server.request('POST', '/api/admin/webhooks', {
    cookie: admin,
    body: { url: receiver.url, events: [...webhookEventTypes], description: 'Everything' },
  });
  expect(created.status).toBe(200);
  endpointId = created.body.id;
  receiver.useSecret(created.body.secret);
  const settings = await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Glow', timezone: TZ },
  });
  expect(settings.status, settings.text).toBe(200);
});
afterAll(() => receiver.close());

/** The next delivery of this type about this resource, verified by the receiver. */
async function delivered(type: string, id: string): Promise<NonNullable<ReceivedWebhook['payload']>> {
  const find = () =>
    receiver.received.find((r) => r.payload?.type === type && (r.payload.data as { id?: string }).id === id);
  await expect.poll(() => find(), { timeout: 8000 }).toBeDefined();
  const hit = find()!;
  expect(hit.error).toBeUndefined();
  // The body is the one the OpenAPI document's webhooks section shows for its type.
  expect(hit.mismatch).toBeUndefined();
  receiver.received.splice(receiver.received.indexOf(hit), 1);
  return hit.payload!;
}

const get = async (path: string) => {
  const res = await server.request('GET', path, { cookie: admin });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('products (REST with a cookie)', () => {
  it('created, updated and deleted, each carrying the product as GET /api/products/{id} answers it', async () => {
    const created = await product(server, admin, { name: 'Hook Oil', price: '12.50', inventory: 4 });
    const createdEvent = await delivered('product.created', created.id);
    expect(createdEvent.data).toEqual(await get(`/api/products/${created.id}`));
    expect(createdEvent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(createdEvent.timestamp).toISOString()).toBe(createdEvent.timestamp);

    const updated = await server.request('PUT', `/api/products/${created.id}`, {
      cookie: admin,
      body: { price: '13.00' },
    });
    expect(updated.status).toBe(200);
    const updatedEvent = await delivered('product.updated', created.id);
    const current = await get(`/api/products/${created.id}`);
    expect(updatedEvent.data).toEqual(current);
    expect(current.price).toBe('13.00');

    expect((await server.request('DELETE', `/api/products/${created.id}`, { cookie: admin })).status).toBe(200);
    expect((await delivered('product.deleted', created.id)).data).toEqual(current);
  });
});

describe('products (REST with an API key)', () => {
  it('product.created from a write made with a key', async () => {
    const key = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin,
      body: { name: 'Catalogue sync', permissions: ['products.create'] },
    });
    expect(key.status, key.text).toBe(200);
    const res = await server.request('POST', '/api/products', {
      headers: { authorization: `Bearer ${key.body.key}` },
      body: { name: 'Keyed Oil', price: '9.00' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await delivered('product.created', res.body.id)).data).toEqual(await get(`/api/products/${res.body.id}`));
  });
});

describe('orders', () => {
  it('order.created from a checkout in the browser (tRPC) carries the order as GET /api/orders/{id} answers it', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Browser Oil', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id, 2);
    const res = await server.request('POST', '/api/trpc/orders.checkout', { cookie: customer.cookie, body: {} });
    expect(res.status, res.text).toBe(200);
    const orderId = res.body.result.data.id as string;
    const event = await delivered('order.created', orderId);
    expect(event.data).toEqual(await get(`/api/orders/${orderId}`));
    expect(event.data).toMatchObject({ total: '44.00', status: 'pending', paymentStatus: 'unpaid' });
  });

  it('order.updated from a payment taken at the counter, a refund and a cancellation (REST)', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Counter Oil', price: '10.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    const order = (await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} })).body;
    await delivered('order.created', order.id);

    await server.request('POST', `/api/orders/${order.id}/mark-paid`, { cookie: admin });
    const paid = await delivered('order.updated', order.id);
    expect(paid.data).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    expect(paid.data).toEqual(await get(`/api/orders/${order.id}`));

    const refunded = await server.request('POST', `/api/orders/${order.id}/refunds`, {
      cookie: admin,
      body: { amount: '4.00', reason: 'Dented tin' },
    });
    expect(refunded.status, refunded.text).toBe(200);
    const refundEvent = await delivered('order.updated', order.id);
    expect(refundEvent.data).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: '4.00' });
    expect(refundEvent.data).toEqual(await get(`/api/orders/${order.id}`));

    const cancelled = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const event = await delivered('order.updated', order.id);
    expect(event.data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(event.data).toEqual(await get(`/api/orders/${order.id}`));
  });

  it('order.updated from a Stripe webhook that settles a card payment', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Card Oil', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    const order = (
      await server.request('POST', '/api/orders', { cookie: customer.cookie, body: { paymentMethod: 'stripe' } })
    ).body;
    await delivered('order.created', order.id);
    const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
    const res = await deliverWebhook(
      server,
      fake.event('checkout.session.completed', fake.pay(row!.paymentReference!)),
    );
    expect(res.body.result).toBe('applied');
    const event = await delivered('order.updated', order.id);
    expect(event.data).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(event.data).toEqual(await get(`/api/orders/${order.id}`));
  });

  it('order.updated from a write made by a job', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Job Oil', price: '10.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    const order = (await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} })).body;
    await delivered('order.created', order.id);
    // A job whose handler writes through a service, as any job that changes an order would.
    const runner = createJobRunner({
      database: server.database,
      log: { info() {}, warn() {}, error() {} },
      jobs: [
        {
          ...mailKind,
          run: async () => {
            await markOrderPaid(
              server.db,
              { payments: createPayments([]), publicUrl: server.env.publicUrl, currency: 'USD', defaultLocale: 'en' },
              admin0(),
              order.id,
            );
          },
        },
      ],
    });
    await server.db.delete(jobs).where(eq(jobs.kind, 'mail'));
    await server.db.insert(jobs).values({ kind: 'mail', payload: { to: 'a@example.com', subject: 'S', text: 'T' } });
    expect(await runner.runDue()).toBe(1);
    const event = await delivered('order.updated', order.id);
    expect(event.data).toMatchObject({ paymentStatus: 'paid' });
    expect(event.data).toEqual(await get(`/api/orders/${order.id}`));
  });
});

let adminUser: SessionUser;
const admin0 = () => adminUser;
beforeAll(async () => {
  adminUser = (await findSession(server.db, (await signInAs(server.database, 'admin')).token))!.user;
});

describe('appointments', () => {
  let massage: string;
  let employee: Awaited<ReturnType<typeof signInAs>>;
  let customer: Awaited<ReturnType<typeof signInAs>>;
  let day: string;
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return zonedToInstant(day, h! * 60 + m!, TZ).toISOString();
  };
  beforeAll(async () => {
    employee = await signInAs(server.database, 'employee', { firstName: 'Maya' });
    customer = await signInAs(server.database, 'customer', { firstName: 'Ada' });
    massage = await bookableService(
      server.db,
      employee.user.id,
      { name: 'Hook Massage', price: '85.00', duration: 60 },
      { startTime: '09:00', endTime: '17:00' },
    );
    day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
  });

  it('created, rescheduled and cancelled over REST, each as GET /api/appointments/{id} answers it', async () => {
    const booked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId: massage, dateTime: at('10:00') },
    });
    expect(booked.status, booked.text).toBe(200);
    const id = booked.body.id as string;
    expect((await delivered('appointment.created', id)).data).toEqual(await get(`/api/appointments/${id}`));

    const moved = await server.request('PUT', `/api/appointments/${id}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: at('13:00') },
    });
    expect(moved.status, moved.text).toBe(200);
    const movedEvent = await delivered('appointment.updated', id);
    expect(movedEvent.data).toMatchObject({ dateTime: at('13:00') });
    expect(movedEvent.data).toEqual(await get(`/api/appointments/${id}`));

    const cancelled = await server.request('POST', `/api/appointments/${id}/cancel`, { cookie: customer.cookie });
    expect(cancelled.status, cancelled.text).toBe(200);
    const cancelledEvent = await delivered('appointment.cancelled', id);
    expect(cancelledEvent.data).toMatchObject({ status: 'cancelled' });
    expect(cancelledEvent.data).toEqual(await get(`/api/appointments/${id}`));
  });

  it('appointment.updated when the employee confirms it in the employee portal', async () => {
    const booked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId: massage, dateTime: at('15:00') },
    });
    const id = booked.body.id as string;
    await delivered('appointment.created', id);
    const confirmed = await server.request('PUT', `/api/employee/appointments/${id}/status`, {
      cookie: employee.cookie,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const event = await delivered('appointment.updated', id);
    expect(event.data).toMatchObject({ status: 'confirmed' });
    expect(event.data).toEqual(await get(`/api/appointments/${id}`));
  });
});

describe('customers and applications', () => {
  it('customer.created on a first sign-in, as the customers list shows the customer', async () => {
    const email = `first-${Date.now()}@example.com`;
    const identity = { issuer: 'https://id.example.com', subject: `sub-${Date.now()}`, email, name: 'Nia Brooks' };
    const { user } = await signInWithOidc(server.db, identity, { adminEmails: [] });
    const event = await delivered('customer.created', user.id);
    const list = await get(`/api/admin/customers?search=${encodeURIComponent(email)}`);
    expect(event.data).toEqual(list.items[0]);
    // Signing in again creates nothing new.
    await signInWithOidc(server.db, identity, { adminEmails: [] });
    const events = await server.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'customer.created'));
    expect(events.filter((e) => (e.data as { email: string }).email === email)).toHaveLength(1);
  });

  it('employee_application.created, as the applications list shows it', async () => {
    const res = await server.request('POST', '/api/employee/register', {
      body: {
        firstName: 'Grace',
        lastName: 'Kim',
        email: `grace-${Date.now()}@example.com`,
        phone: '555 123 4567',
        bio: 'Licensed massage therapist who loves helping people.',
        experience: 'Five years at a day spa.',
        specialties: 'Swedish, hot stone',
      },
    });
    expect(res.status, res.text).toBe(200);
    const event = await delivered('employee_application.created', res.body.id);
    const list = await get('/api/admin/employee-applications');
    expect(event.data).toEqual(list.find((a: { id: string }) => a.id === res.body.id));
  });
});

describe('what is not delivered', () => {
  beforeEach(async () => {
    await server.request('PUT', `/api/admin/webhooks/${endpointId}`, { cookie: admin, body: { isActive: true } });
  });

  it('a rolled-back write emits nothing: no event, no delivery, no job', async () => {
    const count = async () => ({
      events: (await server.db.select().from(webhookEvents)).length,
      deliveries: (await server.db.select().from(webhookDeliveries)).length,
      jobs: (await server.db.select().from(jobs).where(eq(jobs.kind, 'webhook'))).length,
    });
    const before = await count();
    const thing = { id: crypto.randomUUID(), name: 'Ghost', description: '', category: '', price: '1.00' };
    await server.db
      .transaction(async (tx) => {
        await emitEvent(tx, 'product.created', {
          ...thing,
          imageUrl: null,
          inventory: 0,
          isFeatured: false,
          isActive: true,
          updatedAt: new Date().toISOString(),
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A write refused by the service (out of stock) rolls back its event with it.
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Scarce Oil', price: '10.00', inventory: 1 });
    await delivered('product.created', oil.id);
    await addToCart(server, customer.cookie, oil.id, 1);
    await server.request('PUT', `/api/products/${oil.id}`, { cookie: admin, body: { inventory: 0 } });
    await delivered('product.updated', oil.id);
    const mid = await count();
    const refused = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(refused.status).toBe(409);
    expect(await count()).toEqual(mid);
    expect(mid.events).toBe(before.events + 2);
  });

  it('a disabled endpoint, or one not subscribed to the type, receives nothing', async () => {
    const other = await startWebhookReceiver();
    try {
      const onlyOrders = await server.request('POST', '/api/admin/webhooks', {
        cookie: admin,
        body: { url: other.url, events: ['order.created'] },
      });
      other.useSecret(onlyOrders.body.secret);
      await server.request('PUT', `/api/admin/webhooks/${endpointId}`, { cookie: admin, body: { isActive: false } });
      const created = await product(server, admin, { name: 'Quiet Oil' });
      const deliveries = await server.db.select().from(webhookDeliveries);
      const events = await server.db.select().from(webhookEvents);
      const event = events.find((e) => (e.data as { id: string }).id === created.id);
      // Kept for GET /api/events and replays, but delivered to nobody.
      expect(event).toBeDefined();
      expect(deliveries.some((d) => d.eventId === event!.id)).toBe(false);
      expect(deliveries.length).toBeGreaterThan(0);
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
