import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, orderItems, orders, services } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';

// The customer record over REST: what staff read and change about one customer, and the list's tag filter.
const server = useTestServer();
let viewer: Awaited<ReturnType<typeof signInAs>>;
let editor: Awaited<ReturnType<typeof signInAs>>;
let alex: Awaited<ReturnType<typeof signInAs>>;
let jordan: Awaited<ReturnType<typeof signInAs>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  viewer = await signInAs(server.database, 'employee', { permissions: ['customers.view'] });
  editor = await signInAs(server.database, 'employee', { permissions: ['customers.view', 'customers.edit'] });
  const maya = await signInAs(server.database, 'employee', { firstName: 'Maya', lastName: 'Okafor' });
  alex = await signInAs(server.database, 'customer', { firstName: 'Alex', lastName: 'Morgan' });
  jordan = await signInAs(server.database, 'customer', { firstName: 'Jordan', lastName: 'Lee' });
  const [facial] = await server.db
    .insert(services)
    .values({ name: 'Signature Facial', price: '95.00', duration: 60 })
    .returning();
  const now = Date.now();
  const at = (days: number, status: 'completed' | 'no_show' | 'pending') => ({
    serviceId: facial!.id,
    employeeId: maya.user.id,
    customerId: alex.user.id,
    startsAt: new Date(now + days * DAY),
    endsAt: new Date(now + days * DAY + 3600e3),
    duration: 60,
    status,
  });
  await server.db
    .insert(appointments)
    .values([at(-40, 'completed'), at(-10, 'completed'), at(-5, 'no_show'), at(3, 'pending')]);
  const [paid, ,] = await server.db
    .insert(orders)
    .values([
      { userId: alex.user.id, total: '100.10', status: 'completed', createdAt: new Date(now - 2 * DAY) },
      { userId: alex.user.id, total: '0.20', status: 'pending', createdAt: new Date(now - DAY) },
      { userId: alex.user.id, total: '50.00', status: 'cancelled', createdAt: new Date(now) },
    ])
    .returning();
  await server.db.insert(orderItems).values([
    { orderId: paid!.id, productName: 'Serum', unitPrice: '38.00', quantity: 2 },
    { orderId: paid!.id, productName: 'Candle', unitPrice: '24.10', quantity: 1 },
  ]);
});

describe('GET /api/admin/customers/{id}', () => {
  it("tells a customer's whole story: figures, every appointment and order, newest first", async () => {
    const res = await server.request('GET', `/api/admin/customers/${alex.user.id}`, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: alex.user.id,
      firstName: 'Alex',
      lastName: 'Morgan',
      email: alex.user.email,
      phone: null,
      notes: '',
      tags: [],
      stats: { visits: 2, noShows: 1, spent: '100.30' },
    });
    expect(new Date(res.body.stats.lastVisitAt).getTime()).toBeCloseTo(Date.now() - 10 * DAY, -5);
    expect(res.body.appointments.map((a: { status: string }) => a.status)).toEqual([
      'pending',
      'no_show',
      'completed',
      'completed',
    ]);
    expect(res.body.appointments[0]).toMatchObject({
      service: { name: 'Signature Facial' },
      employee: { firstName: 'Maya', lastName: 'Okafor' },
      duration: 60,
    });
    expect(res.body.orders.map((o: { total: string }) => o.total)).toEqual(['50.00', '0.20', '100.10']);
    expect(res.body.orders[2]).toMatchObject({ status: 'completed', itemCount: 3 });
  });

  it('is 404 for an unknown id, a malformed id and a staff member; 403 without customers.view', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', editor.user.id]) {
      const res = await server.request('GET', `/api/admin/customers/${id}`, { cookie: viewer.cookie });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No such customer.');
    }
    const stranger = await signInAs(server.database, 'employee');
    expect(
      (await server.request('GET', `/api/admin/customers/${alex.user.id}`, { cookie: stranger.cookie })).status,
    ).toBe(403);
  });
});

describe('PUT /api/admin/customers/{id}', () => {
  it('keeps notes and tags (trimmed, no repeats), writes the audit log, and the list filters by tag', async () => {
    const res = await server.request('PUT', `/api/admin/customers/${alex.user.id}`, {
      cookie: editor.cookie,
      body: { notes: 'Allergic to nuts.', tags: [' VIP ', 'vip', 'Sensitive skin', ''] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Alex', notes: 'Allergic to nuts.', tags: ['VIP', 'Sensitive skin'] });
    await server.request('PUT', `/api/admin/customers/${jordan.user.id}`, {
      cookie: editor.cookie,
      body: { firstName: 'Jordi', tags: ['Sensitive skin'] },
    });

    const vip = await server.request('GET', '/api/admin/customers?tag=VIP', { cookie: viewer.cookie });
    expect(vip.body.items.map((c: { id: string }) => c.id)).toEqual([alex.user.id]);
    expect(vip.body.total).toBe(1);
    const skin = await server.request('GET', '/api/admin/customers?tag=Sensitive%20skin&search=jordi', {
      cookie: viewer.cookie,
    });
    expect(skin.body.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Jordi']);
    const none = await server.request('GET', '/api/admin/customers?tag=nobody', { cookie: viewer.cookie });
    expect(none.body).toMatchObject({ items: [], total: 0 });

    const log = await server.db.select().from(auditLog);
    expect(log.map((e) => e.summary)).toContain('Updated customer Alex Morgan: notes; tags "" → "VIP, Sensitive skin"');
  });

  it('the list shows a change at once: a tag added or removed, a customer added or erased', async () => {
    const list = async (query: string) =>
      (await server.request('GET', `/api/admin/customers?${query}`, { cookie: editor.cookie })).body.items.map(
        (c: { email: string }) => c.email,
      );
    const riley = await signInAs(server.database, 'customer', { firstName: 'Riley', lastName: 'Listed' });
    // Read first, so that a figure kept from before the change would be answered after it.
    expect(await list('tag=Regular')).toEqual([]);
    expect(await list('search=riley')).toEqual([riley.user.email]);
    await server.request('PUT', `/api/admin/customers/${riley.user.id}`, {
      cookie: editor.cookie,
      body: { tags: ['Regular'] },
    });
    expect(await list('tag=Regular')).toEqual([riley.user.email]);
    await server.request('PUT', `/api/admin/customers/${riley.user.id}`, { cookie: editor.cookie, body: { tags: [] } });
    expect(await list('tag=Regular')).toEqual([]);

    expect(await list('search=quinn')).toEqual([]);
    const added = await server.request('POST', '/api/admin/customers', {
      cookie: editor.cookie,
      body: { firstName: 'Quinn', lastName: 'New', email: 'quinn.new@example.com' },
    });
    expect(added.status, added.text).toBe(201);
    expect(await list('search=quinn')).toEqual(['quinn.new@example.com']);

    const erased = await server.request('POST', `/api/admin/customers/${riley.user.id}/erase`, {
      cookie: editor.cookie,
    });
    expect(erased.status, erased.text).toBe(200);
    expect(await list('search=riley')).toEqual([]);
  });

  it('changes the phone (empty clears it), and refuses a blank name', async () => {
    const put = (body: Record<string, unknown>) =>
      server.request('PUT', `/api/admin/customers/${alex.user.id}`, { cookie: editor.cookie, body });
    expect((await put({ phone: ' +1 555 0123 ' })).body.phone).toBe('+1 555 0123');
    expect((await put({ phone: '' })).body.phone).toBeNull();
    for (const body of [{ firstName: '   ' }, { lastName: '' }]) {
      const blank = await put(body);
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(
        body.firstName === undefined ? 'Last name is required' : 'First name is required',
      );
    }
    expect((await put({})).body).toMatchObject({
      firstName: expect.stringMatching(/\S/),
      lastName: expect.stringMatching(/\S/),
    });
  });

  it('refuses too many tags, and callers without customers.edit', async () => {
    const many = await server.request('PUT', `/api/admin/customers/${alex.user.id}`, {
      cookie: editor.cookie,
      body: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('at most 20 tags');
    const readOnly = await server.request('PUT', `/api/admin/customers/${alex.user.id}`, {
      cookie: viewer.cookie,
      body: { notes: 'x' },
    });
    expect(readOnly.status).toBe(403);
  });
});
