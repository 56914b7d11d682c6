import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, useTestServer, type HttpResponse } from '../testing/test-server';
import { product } from '../testing/orders';

// The lists an integrator walks: limit, cursor, updatedSince and Link: rel="next" (docs/integrations.md).

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

/** The next page's address from a Link header, or null on the last page. */
const nextOf = (res: HttpResponse) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;

/** Every page from `path` on, following Link: rel="next". */
async function walk(path: string, cookie: string) {
  const pages: { id: string; updatedAt: string }[][] = [];
  for (let next: string | null = path; next;) {
    const res = await server.request('GET', next, { cookie });
    expect(res.status, next).toBe(200);
    pages.push(res.body);
    next = nextOf(res);
  }
  return pages;
}

const ascending = (items: { id: string; updatedAt: string }[]) =>
  [...items].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));

describe('paged lists', () => {
  it('walks products changed since a time by updatedAt, and a change moves a product to the end', async () => {
    const since = new Date().toISOString();
    const made = [];
    for (const name of ['Page Soap', 'Page Salt', 'Page Oil']) made.push(await product(server, admin, { name }));
    const pages = await walk(`/api/products?updatedSince=${since}&limit=2`, admin);
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    expect(pages.flat()).toEqual(ascending(pages.flat()));
    expect(pages.flat().map((p) => p.id)).toEqual(made.map((p) => p.id));

    const changed = await server.request('PUT', `/api/products/${made[0]!.id}`, {
      cookie: admin,
      body: { price: '3.00' },
    });
    expect(changed.body.updatedAt > made[0]!.updatedAt).toBe(true);
    const again = (await walk(`/api/products?updatedSince=${since}&limit=2`, admin)).flat();
    expect(again.map((p) => p.id)).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
    // From an item's own updatedAt on, inclusive.
    const from = await server.request('GET', `/api/products?updatedSince=${made[2]!.updatedAt}`, { cookie: admin });
    expect(from.body.map((p: { id: string }) => p.id)).toEqual([made[2]!.id, made[0]!.id]);
    // Without paging parameters, the list answers as it always has (newest first, no Link).
    const all = await server.request('GET', '/api/products', { cookie: admin });
    expect(all.headers.get('link')).toBeNull();
    expect(all.body[0].id).toBe(made[2]!.id);
  });

  it('pages appointments and orders, keeping the other parameters in the next link', async () => {
    const customer = await signInAs(server.database, 'customer');
    const employee = await signInAs(server.database, 'employee');
    await server.db.execute(sql`
      insert into appointments (employee_id, customer_id, starts_at, duration, ends_at)
      select ${employee.user.id}::uuid, ${customer.user.id}::uuid, now() + g * interval '1 day', 60,
             now() + g * interval '1 day' + interval '60 minutes'
      from generate_series(1, 7) g`);
    await server.db.execute(sql`
      insert into orders (user_id, total, subtotal) select ${customer.user.id}::uuid, g, g from generate_series(1, 7) g`);

    const five = await server.request('GET', '/api/appointments?limit=5&status=pending', { cookie: admin });
    expect(five.body).toHaveLength(5);
    expect(nextOf(five)).toMatch(/^\/api\/appointments\?limit=5&status=pending&cursor=/);
    const appointments = (await walk('/api/appointments?limit=3', customer.cookie)).flat();
    expect(appointments).toHaveLength(7);
    expect(appointments).toEqual(ascending(appointments));

    const orders = await walk(`/api/orders?updatedSince=2000-01-01T00:00:00Z&limit=4`, customer.cookie);
    expect(orders.map((p) => p.length)).toEqual([4, 3]);
    // Newest first, as the orders screen pages them, a page ends where the next link continues.
    const newest = await server.request('GET', '/api/orders?limit=4', { cookie: customer.cookie });
    const older = await server.request('GET', nextOf(newest)!, { cookie: customer.cookie });
    expect([...newest.body, ...older.body].map((o: { id: string }) => o.id)).toHaveLength(7);
    expect(nextOf(older)).toBeNull();
  });

  it('walks customers and the audit log by updatedAt, the page body naming its nextCursor beside the Link', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const made: { id: string; updatedAt: string }[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await server.request('POST', '/api/admin/customers', {
        cookie: admin,
        body: { email: `paged${n}@example.com`, firstName: 'Paged', lastName: `Customer ${n}` },
      });
      expect(res.status, res.text).toBe(201);
      made.push(res.body);
    }
    /** Every page of a paged body, following Link: rel="next" and checking nextCursor says the same. */
    const walkBodies = async (path: string) => {
      const pages: { items: { id: string; updatedAt?: string; createdAt?: string }[]; nextCursor: string | null }[] =
        [];
      for (let next: string | null = path; next;) {
        const res = await server.request('GET', next, { cookie: admin });
        expect(res.status, `${next} ${res.text}`).toBe(200);
        pages.push(res.body);
        next = nextOf(res);
        expect(res.body.nextCursor === null, next ?? '').toBe(next === null);
        if (next) expect(new URL(next, 'http://x').searchParams.get('cursor')).toBe(res.body.nextCursor);
      }
      return pages;
    };
    const customers = await walkBodies(`/api/admin/customers?updatedSince=${made[0]!.updatedAt}&limit=2`);
    expect(customers.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(customers.flatMap((p) => p.items.map((c) => c.id))).toEqual(made.map((c) => c.id));
    // A change moves the customer to the end of the walk.
    const changed = await server.request('PUT', `/api/admin/customers/${made[1]!.id}`, {
      cookie: admin,
      body: { phone: '+1 555 0100' },
    });
    expect(changed.status, changed.text).toBe(200);
    const again = await walkBodies(`/api/admin/customers?updatedSince=${made[0]!.updatedAt}&limit=500`);
    expect(again.flatMap((p) => p.items.map((c) => c.id))).toEqual([0, 2, 3, 4, 1].map((i) => made[i]!.id));
    // Without paging parameters the screen's page by name, nextCursor null and no Link.
    const screen = await server.request('GET', '/api/admin/customers?search=Paged', { cookie: admin });
    expect([screen.body.items.length, screen.body.nextCursor, screen.headers.get('link')]).toEqual([5, null, null]);

    // The audit log: one entry per customer added, oldest first from the instant named on.
    const audit = await walkBodies(`/api/admin/audit-log?updatedSince=${since}&limit=3`);
    const entries = audit.flatMap((p) => p.items) as { entityId?: string; createdAt?: string }[];
    const added = entries.filter((e) => made.some((c) => c.id === e.entityId));
    expect(added.map((e) => e.entityId).slice(0, 5)).toEqual(made.map((c) => c.id));
    expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort());
    for (const path of [
      '/api/admin/customers?cursor=nonsense',
      '/api/admin/audit-log?limit=2&cursor=WyJ1IiwieCIsInkiXQ',
    ]) {
      const res = await server.request('GET', path, { cookie: admin });
      expect([res.status, res.body.message], path).toEqual([
        400,
        'This cursor is not one this list gave; start again without it.',
      ]);
    }
  });

  it('refuses a cursor it did not give and a parameter the operation does not take', async () => {
    for (const path of [
      `/api/orders?cursor=${crypto.randomUUID()}`,
      '/api/orders?updatedSince=2026-01-01T00:00:00Z&cursor=bm90LWEtY3Vyc29y',
      '/api/appointments?cursor=nonsense',
      '/api/products?cursor=WyJ1IiwieCIsInkiXQ',
      '/api/services?limit=2&cursor=%5B%5D',
    ]) {
      const res = await server.request('GET', path, { cookie: admin });
      expect([res.status, res.body.message], path).toEqual([
        400,
        'This cursor is not one this list gave; start again without it.',
      ]);
    }
    const misspelt = await server.request('GET', '/api/appointments?limt=5', { cookie: admin });
    expect([misspelt.status, misspelt.body.message]).toEqual([
      400,
      'This operation takes no query parameter named limt.',
    ]);
    const onCatalog = await server.request('GET', '/api/products?page=2', { cookie: admin });
    expect([onCatalog.status, onCatalog.body.message]).toEqual([
      400,
      'This operation takes no query parameter named page.',
    ]);
    const tooMany = await server.request('GET', '/api/services?limit=501', { cookie: admin });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'limit must be at most 500']);
    const spanish = await server.request('GET', '/api/orders?sort=asc', {
      cookie: admin,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.status).toBe(400);
    expect(spanish.body.message).toContain('sort');
    expect(spanish.body.message).not.toContain('This operation');
  });
});
