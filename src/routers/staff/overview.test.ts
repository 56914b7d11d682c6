import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, employeeApplications, orders, products, services } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';

// Customers, dashboard and audit log over REST, against rows written as the shop would write them.
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;
let viewer: Awaited<ReturnType<typeof signInAs>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  viewer = await signInAs(server.database, 'employee', { permissions: ['customers.view', 'dashboard.view'] });
  const maya = await signInAs(server.database, 'employee', { firstName: 'Maya', lastName: 'Okafor' });
  const alex = await signInAs(server.database, 'customer', {
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex@example.com',
  });
  const jordan = await signInAs(server.database, 'customer', {
    firstName: 'Jordan',
    lastName: 'Lee',
    email: 'jordan@example.com',
  });
  await signInAs(server.database, 'customer', { firstName: 'Zed', lastName: 'Quiet', email: 'zed@example.com' });
  const [facial] = await server.db
    .insert(services)
    .values({ name: 'Signature Facial', price: '95.00', duration: 60 })
    .returning();
  await server.db.insert(products).values([
    { name: 'Serum', price: '38.00', inventory: 3 },
    { name: 'Candle', price: '22.00', inventory: 40 },
    { name: 'Old stock', price: '1.00', inventory: 0, isActive: false },
  ]);
  const now = Date.now();
  await server.db.insert(orders).values([
    { userId: alex.user.id, total: '100.00', status: 'completed', createdAt: new Date(now - 2 * 60 * 1000) },
    { userId: alex.user.id, total: '50.50', status: 'processing', createdAt: new Date(now - 60 * 1000) },
    { userId: alex.user.id, total: '10.00', status: 'cancelled', createdAt: new Date(now - 30 * 1000) },
    { userId: alex.user.id, total: '20.00', status: 'pending', createdAt: new Date(now - 20 * 1000) },
    { userId: jordan.user.id, total: '30.00', status: 'completed', createdAt: new Date(now - 60 * DAY) },
  ]);
  const inAnHour = new Date(Math.min(now + 60 * 60 * 1000, endOfUtcDayish(now)));
  await server.db.insert(appointments).values([
    {
      serviceId: facial!.id,
      employeeId: maya.user.id,
      customerId: jordan.user.id,
      startsAt: new Date(now - 45 * DAY),
      endsAt: new Date(now - 45 * DAY + 3600e3),
      duration: 60,
      status: 'completed',
      createdAt: new Date(now - 50 * DAY),
    },
    {
      serviceId: facial!.id,
      employeeId: maya.user.id,
      customerId: alex.user.id,
      startsAt: inAnHour,
      endsAt: new Date(inAnHour.getTime() + 60e3),
      duration: 1,
      status: 'pending',
    },
  ]);
  await server.db.insert(employeeApplications).values({
    firstName: 'Grace',
    lastName: 'Kim',
    email: 'grace@example.com',
    phone: '5551234567',
    bio: 'x'.repeat(20),
    experience: 'x'.repeat(10),
    specialties: 'nails',
  });
});

// The business time zone defaults to UTC: keep "today's" appointment inside today.
function endOfUtcDayish(now: number) {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 58);
}

describe('GET /api/admin/customers', () => {
  it('summarises and lists customers with real names, counts, spend and activity', async () => {
    const res = await server.request('GET', '/api/admin/customers', { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 3, active: 1, revenue: '200.50', averageOrderValue: '50.13' });
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Alex', 'Jordan', 'Zed']);
    const [alex, jordan, zed] = res.body.items;
    expect(alex).toMatchObject({
      email: 'alex@example.com',
      orderCount: 4,
      appointmentCount: 1,
      totalSpent: '170.50',
      isActive: true,
    });
    expect(alex.orders).toHaveLength(3);
    expect(alex.orders[0]).toMatchObject({ total: '20.00', status: 'pending' });
    expect(alex.orders[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(alex.orders.map((o: { total: string }) => o.total)).toEqual(['20.00', '10.00', '50.50']);
    expect(alex.appointments[0]).toMatchObject({ status: 'pending', service: { name: 'Signature Facial' } });
    expect(alex.appointments[0].dateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(jordan).toMatchObject({ orderCount: 1, appointmentCount: 1, totalSpent: '30.00', isActive: false });
    expect(zed).toMatchObject({
      orderCount: 0,
      appointmentCount: 0,
      noShowCount: 0,
      totalSpent: '0.00',
      lastActivity: null,
      isActive: false,
    });
  });

  it('searches on the server by name or e-mail, and pages', async () => {
    const byName = await server.request('GET', '/api/admin/customers?search=jord', { cookie: viewer.cookie });
    expect(byName.body.items.map((c: { lastName: string }) => c.lastName)).toEqual(['Lee']);
    expect(byName.body.total).toBe(1);
    const byMail = await server.request('GET', '/api/admin/customers?search=ZED%40', { cookie: viewer.cookie });
    expect(byMail.body.items).toHaveLength(1);
    const wild = await server.request('GET', '/api/admin/customers?search=%25', { cookie: viewer.cookie });
    expect(wild.body.items).toHaveLength(0);
    const fullName = await server.request('GET', '/api/admin/customers?search=alex%20morgan', {
      cookie: viewer.cookie,
    });
    expect(fullName.body.items.map((c: { email: string }) => c.email)).toEqual(['alex@example.com']);
    const pastTheEnd = await server.request('GET', '/api/admin/customers?search=jord&page=2', {
      cookie: viewer.cookie,
    });
    expect(pastTheEnd.body).toMatchObject({ items: [], total: 1, page: 2 });
    const page2 = await server.request('GET', '/api/admin/customers?page=2', { cookie: viewer.cookie });
    expect(page2.body).toMatchObject({ items: [], total: 3, page: 2, pageSize: 20 });
    const bad = await server.request('GET', '/api/admin/customers?page=zero', { cookie: viewer.cookie });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/admin/dashboard', () => {
  it("computes the month's figures, today's appointments, low stock and the 30-day series", async () => {
    const res = await server.request('GET', '/api/admin/dashboard', { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      revenueGoal: '10000.00',
      ordersGoal: 100,
      todayAppointments: 1,
      unconfirmedToday: 1,
      lowStockCount: 1,
      pendingApplications: 1,
    });
    // Orders from a minute ago are this month's whatever the date (the 60-day-old one is not).
    expect(d.monthRevenue).toBe('170.50');
    expect(d.monthOrders).toBe(3);
    expect(d.recentOrders).toHaveLength(5);
    expect(d.recentOrders[0]).toMatchObject({ total: '20.00', customer: { firstName: 'Alex', lastName: 'Morgan' } });
    expect(d.todaysAppointments[0]).toMatchObject({
      service: { name: 'Signature Facial' },
      customer: { firstName: 'Alex' },
      employee: { firstName: 'Maya' },
    });
    expect(d.lowStockProducts).toEqual([expect.objectContaining({ name: 'Serum', inventory: 3 })]);
    expect(d.series).toHaveLength(30);
    const today = d.series[29];
    expect(today).toMatchObject({ revenue: '170.50', orders: 3, bookings: 1 });
  });

  it('is refused to staff without dashboard.view', async () => {
    const other = await signInAs(server.database, 'employee', { permissions: ['customers.view'] });
    expect((await server.request('GET', '/api/admin/dashboard', { cookie: other.cookie })).status).toBe(403);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('shows every staff write newest first, with the actor, to admins only', async () => {
    await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: { name: 'Greeter', displayName: 'Greeter', permissions: ['chat.view'] },
    });
    await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: { name: 'Host', displayName: 'Host' },
    });
    const res = await server.request('GET', '/api/admin/audit-log', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      action: 'role.created',
      entity: 'role',
      actor: { id: admin.user.id },
      summary: expect.stringContaining('Host'),
    });
    expect(res.body.items[1].summary).toContain('Greeter');
    expect(res.body.total).toBe(2);
    expect((await server.request('GET', '/api/admin/audit-log', { cookie: viewer.cookie })).status).toBe(403);
  });

  it("says each entry in the reader's language; an entry from before keeps its English", async () => {
    const roles = await server.request('GET', '/api/admin/roles', { cookie: admin.cookie });
    const greeter = roles.body.find((r: { name: string }) => r.name === 'greeter');
    const updated = await server.request('PUT', `/api/admin/roles/${greeter.id}`, {
      cookie: admin.cookie,
      body: { name: 'greeter', displayName: 'Greeters', permissions: ['orders.view'] },
    });
    expect(updated.status, updated.text).toBe(200);
    // Written as every entry was before its sentence was kept: the English alone.
    await server.db.insert(auditLog).values({
      action: 'role.deleted',
      entity: 'role',
      summary: 'Deleted role Old Desk (old_desk)',
      createdAt: new Date(Date.now() - DAY),
    });
    const summaries = async (headers: Record<string, string>) =>
      (await server.request('GET', '/api/admin/audit-log', { cookie: admin.cookie, headers })).body.items.map(
        (entry: { summary: string }) => entry.summary,
      );
    expect(await summaries({ 'accept-language': 'en-US' })).toEqual([
      'Updated role Greeters: display name "Greeter" → "Greeters"; added View orders; removed View chats',
      'Created role Host (host) with permissions: none',
      'Created role Greeter (greeter) with permissions: View chats',
      'Deleted role Old Desk (old_desk)',
    ]);
    expect(await summaries({ 'accept-language': 'es-ES,es;q=0.9' })).toEqual([
      'Actualizó el rol Greeters: nombre visible "Greeter" → "Greeters"; añadió Ver pedidos; quitó Ver chats',
      'Creó el rol Host (host) con los permisos: ninguno',
      'Creó el rol Greeter (greeter) con los permisos: Ver chats',
      'Deleted role Old Desk (old_desk)',
    ]);
  });
});
