import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, orders, products } from '../../../db/schema/index';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { bookableService, signInAs, useTestServer, type HttpResponse } from '../../testing/test-server';

// PostgreSQL only: twenty identical requests with one Idempotency-Key at once, each on its own connection, make
// one resource. Every other answer is the first's (replayed) or 409 while it runs.
const server = useTestServer();
const TZ = 'America/New_York';
let admin: Awaited<ReturnType<typeof signInAs>>;
let customer: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  customer = await signInAs(server.database, 'customer');
});

const rowsIn = async (table: typeof orders | typeof appointments | typeof products) =>
  (await server.db.select({ n: count() }).from(table))[0]!.n;

function expectOneRan(answers: HttpResponse[]) {
  const ran = answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
  expect(ran, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
  for (const res of answers) {
    if (res.status === 200) expect(res.body.id).toBe(ran[0]!.body.id);
    else expect(res.status, res.text).toBe(409);
  }
}

const twenty = (send: () => Promise<HttpResponse>) => Promise.all(Array.from({ length: 20 }, send));

describe('concurrent repeats of one POST', () => {
  it('20 identical product creations with one key make one product', async () => {
    const answers = await twenty(() =>
      server.request('POST', '/api/products', {
        cookie: admin.cookie,
        headers: { 'idempotency-key': 'create-once' },
        body: { name: 'Raced lamp', price: '30.00' },
      }),
    );
    expectOneRan(answers);
    expect(await rowsIn(products)).toBe(1);
  });

  it('20 identical checkouts with one key make one order', async () => {
    const [product] = await server.db
      .insert(products)
      .values({ name: 'Tea', price: '4.00', inventory: 100 })
      .returning({ id: products.id });
    const cart = await server.request('POST', '/api/cart', {
      cookie: customer.cookie,
      body: { productId: product!.id, quantity: 2 },
    });
    expect(cart.status, cart.text).toBe(200);
    const answers = await twenty(() =>
      server.request('POST', '/api/orders', { cookie: customer.cookie, headers: { 'idempotency-key': 'checkout-1' } }),
    );
    expectOneRan(answers);
    expect(await rowsIn(orders)).toBe(1);
  });

  it('20 identical bookings with one key make one appointment', async () => {
    const employee = await signInAs(server.database, 'employee');
    const serviceId = await bookableService(
      server.db,
      employee.user.id,
      { name: 'Massage', price: '85.00', duration: 60 },
      { startTime: '09:00', endTime: '17:00' },
    );
    const settings = await server.request('PUT', '/api/business/settings', {
      cookie: admin.cookie,
      body: { businessName: 'Glow', timezone: TZ },
    });
    expect(settings.status, settings.text).toBe(200);
    const day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
    const body = {
      serviceId,
      employeeId: employee.user.id,
      dateTime: zonedToInstant(day, 10 * 60, TZ).toISOString(),
      duration: 60,
    };
    const answers = await twenty(() =>
      server.request('POST', '/api/appointments', {
        cookie: customer.cookie,
        headers: { 'idempotency-key': 'book-1' },
        body,
      }),
    );
    expectOneRan(answers);
    expect(await rowsIn(appointments)).toBe(1);
  });
});
