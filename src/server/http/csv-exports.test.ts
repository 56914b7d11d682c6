import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, orderItems, orders, products, services, users } from '../../../db/schema/index';
import { exportKinds } from '../../shared/csv-schema';
import { signInAs, useTestServer } from '../../testing/test-server';
import { erasedEmail } from '../customers/erased';

// CSV exports over HTTP: the file as a spreadsheet reads it, who may take it, and what no customer can slip into it.
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;
let customerId: string;

// The response's text has lost its byte order mark already (fetch decodes UTF-8 as browsers do); `bom` is a no-op then.
const rowsOf = (text: string): string[][] => parse(text, { bom: true });

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  const maya = await signInAs(server.database, 'employee', { firstName: 'Maya', lastName: 'Okafor' });
  const ines = await signInAs(server.database, 'customer', {
    firstName: 'Inés',
    lastName: 'Muñoz, "la jefa"',
    email: 'ines@example.com',
  });
  customerId = ines.user.id;
  const [facial] = await server.db
    .insert(services)
    .values({ name: 'Facial', price: '95.00', duration: 60 })
    .returning();
  await server.db.insert(products).values([
    { name: 'Crème brûlée candle', price: '22.00', inventory: 4, description: 'line one\nline two' },
    { name: '=HYPERLINK("http://evil")', price: '1.00', inventory: 1 },
  ]);
  const [first] = await server.db
    .insert(orders)
    .values([
      {
        userId: ines.user.id,
        total: '44.00',
        subtotal: '44.00',
        status: 'completed',
        notes: 'Gift wrap, please',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      { userId: ines.user.id, total: '10.00', subtotal: '10.00', createdAt: new Date('2026-03-05T10:00:00Z') },
      { userId: ines.user.id, total: '12.00', subtotal: '12.00', createdAt: new Date('2026-04-01T10:00:00Z') },
    ])
    .returning();
  await server.db
    .insert(orderItems)
    .values({ orderId: first!.id, productName: 'Candle', unitPrice: '22.00', quantity: 2 });
  await server.db.insert(appointments).values({
    serviceId: facial!.id,
    employeeId: maya.user.id,
    customerId: ines.user.id,
    startsAt: new Date('2026-03-02T09:00:00Z'),
    endsAt: new Date('2026-03-02T10:00:00Z'),
    duration: 60,
    notes: '@SUM(1+1)',
  });
});

describe('GET /api/admin/exports/{kind}.csv', () => {
  it('answers an RFC 4180 file in UTF-8 with a byte order mark and a header row, accents intact', async () => {
    const res = await server.request('GET', '/api/admin/exports/orders.csv', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.baseUrl}/api/admin/exports/orders.csv`, { headers: { cookie: admin.cookie } })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain('\r\n');
    const [header, ...rows] = rowsOf(res.text);
    expect(header).toEqual([
      'Order',
      'Id',
      'Placed at',
      'Customer',
      'E-mail',
      'Status',
      'Payment',
      'Items',
      'Subtotal',
      'Discount',
      'Tax',
      'Total',
      'Refunded',
      'Notes',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      2: '2026-03-01T10:00:00.000Z',
      3: 'Inés Muñoz, "la jefa"',
      4: 'ines@example.com',
      5: 'completed',
      7: '2 × Candle',
      11: '44.00',
      13: 'Gift wrap, please',
    });
    expect(rows[1]![13]).toBe('');
    expect(rows[0]![0]).toBe(rows[0]![1]!.slice(-8));
  });

  it('keeps to the range: days in the business time zone, both included', async () => {
    const march = await server.request('GET', '/api/admin/exports/orders.csv?from=2026-03-01&to=2026-03-05', {
      cookie: admin.cookie,
    });
    expect(
      rowsOf(march.text)
        .slice(1)
        .map((r) => r[11]),
    ).toEqual(['44.00', '10.00']);
    const fromApril = await server.request('GET', '/api/admin/exports/orders.csv?from=2026-04-01', {
      cookie: admin.cookie,
    });
    expect(
      rowsOf(fromApril.text)
        .slice(1)
        .map((r) => r[11]),
    ).toEqual(['12.00']);
    const visits = await server.request('GET', '/api/admin/exports/appointments.csv?to=2026-03-01', {
      cookie: admin.cookie,
    });
    expect(rowsOf(visits.text)).toHaveLength(1);
    const bad = await server.request('GET', '/api/admin/exports/orders.csv?from=2026-02-30', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('from and to must be dates written YYYY-MM-DD');
    const backwards = await server.request('GET', '/api/admin/exports/orders.csv?from=2026-03-05&to=2026-03-01', {
      cookie: admin.cookie,
    });
    expect(backwards.status).toBe(400);
  });

  it('exports appointments, customers and products, cells a spreadsheet would run prefixed with an apostrophe', async () => {
    const visits = rowsOf(
      (await server.request('GET', '/api/admin/exports/appointments.csv', { cookie: admin.cookie })).text,
    );
    expect(visits[1]).toMatchObject({ 3: 'Facial', 4: 'Maya Okafor', 5: 'Inés Muñoz, "la jefa"', 8: "'@SUM(1+1)" });
    // An erased customer is no one to export: her row holds only the erasure's placeholders.
    const gone = await signInAs(server.database, 'customer', { firstName: 'Deleted', lastName: 'customer' });
    await server.db
      .update(users)
      .set({ email: erasedEmail(gone.user.id) })
      .where(eq(users.id, gone.user.id));
    const people = rowsOf(
      (await server.request('GET', '/api/admin/exports/customers.csv', { cookie: admin.cookie })).text,
    );
    expect(people[0]).toEqual(['Id', 'E-mail', 'First name', 'Last name', 'Phone', 'Tags', 'Notes', 'Signed up at']);
    expect(people.slice(1).map((r) => r[1])).toEqual(['ines@example.com']);
    const stock = rowsOf(
      (await server.request('GET', '/api/admin/exports/products.csv', { cookie: admin.cookie })).text,
    );
    expect(stock.slice(1).map((r) => r[1])).toEqual([`'=HYPERLINK("http://evil")`, 'Crème brûlée candle']);
    expect(stock[2]![2]).toBe('line one\nline two');
  });

  it('needs the view permission of what it lists; an unknown export is 404', async () => {
    const clerk = await signInAs(server.database, 'employee', { permissions: ['orders.view'] });
    expect((await server.request('GET', '/api/admin/exports/orders.csv', { cookie: clerk.cookie })).status).toBe(200);
    for (const kind of ['appointments', 'customers', 'products']) {
      const res = await server.request('GET', `/api/admin/exports/${kind}.csv`, { cookie: clerk.cookie });
      expect(res.status).toBe(403);
    }
    expect((await server.request('GET', '/api/admin/exports/orders.csv')).status).toBe(401);
    expect((await server.request('GET', '/api/admin/exports/secrets.csv', { cookie: admin.cookie })).status).toBe(404);
  });

  it("takes an API key's own permissions, never those of the admin who made it", async () => {
    const keyWith = async (permissions: string[]) => {
      const made = await server.request('POST', '/api/admin/api-keys', {
        cookie: admin.cookie,
        body: { name: `exports ${permissions.join(' ') || 'none'}`, permissions },
      });
      expect(made.status, made.text).toBe(200);
      return { authorization: `Bearer ${made.body.key}` };
    };
    const none = await keyWith([]);
    const stockOnly = await keyWith(['products.view']);
    for (const kind of exportKinds) {
      const refused = await server.request('GET', `/api/admin/exports/${kind}.csv`, { headers: none });
      expect([kind, refused.status]).toEqual([kind, 403]);
    }
    expect((await server.request('GET', '/api/admin/exports/orders.csv', { headers: stockOnly })).status).toBe(403);
    const books = await server.request('GET', '/api/admin/exports/orders.csv', {
      headers: await keyWith(['orders.view']),
    });
    expect(books.status).toBe(200);
    expect(rowsOf(books.text)[0]!.at(-1)).toBe('Notes');
  });

  it('never lets a cell start a formula, whatever a customer typed into her name', async () => {
    const dangerous = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', ' =', '\n='), fc.string()).map(([a, b]) => a + b),
    );
    await fc.assert(
      fc.asyncProperty(dangerous, dangerous, async (firstName, lastName) => {
        await server.db
          .update(users)
          .set({ firstName, lastName, notes: firstName, phone: lastName })
          .where(eq(users.id, customerId));
        for (const kind of exportKinds) {
          const res = await server.request('GET', `/api/admin/exports/${kind}.csv`, { cookie: admin.cookie });
          for (const row of rowsOf(res.text)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('reads past one batch: every order once, in order, the ties on its instant broken by the id', async () => {
    // 250 orders of 2025 (before the others): 120 placed at the same microsecond, the rest a microsecond apart.
    await server.db.execute(sql`
      insert into orders (user_id, total, subtotal, created_at)
      select ${customerId}, 1.00, 1.00,
             timestamptz '2025-06-01 10:00:00.123456+00' + make_interval(secs => greatest(i - 120, 0) * 0.000001)
      from generate_series(1, 250) i`);
    const rows = rowsOf(
      (await server.request('GET', '/api/admin/exports/orders.csv?to=2025-12-31', { cookie: admin.cookie })).text,
    ).slice(1);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r[1])).size).toBe(250);
    const tied = rows.slice(0, 120).map((r) => r[1]!);
    expect(tied).toEqual([...tied].sort());
    expect(rows.map((r) => r[2])).toEqual([...rows.map((r) => r[2]!)].sort());
  });
});
