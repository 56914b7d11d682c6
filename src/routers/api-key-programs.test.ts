import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, cartItems, orders, products, weeklyHours } from '../../db/schema/index';
import { addCalendarDays } from '../shared/date-key';
import { orderNumber } from '../shared/orders';
import { bookableService, followUpsDone, signInAs, useTestServer } from '../testing/test-server';
import { allPermissions, defaultEmployeePermissions, type Permission } from '../shared/roles';

// An API key is a program, not a person (docs/integrations.md): it does what its permissions allow over
// everyone's things and nothing with its creator's own cart, bookings or week.
const server = useTestServer();

const notAPerson = { code: 'FORBIDDEN', message: "An API key can't act as a customer." };
/** Where a permission would let a program in, the key is told it lacks it. */
const noPermission = { code: 'FORBIDDEN', message: "You don't have permission to do that." };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

type Person = Awaited<ReturnType<typeof signInAs>>;
let admin: Person;
let customer: Person;
let otherCustomer: Person;
let employee: Person;
let serviceId: string;
/** Three days ahead (UTC, the business zone here): inside the booking window and beyond every notice. */
let day: string;
let slot = 8;
/** The next free hour of the test day, so that bookings of different tests never meet. */
const nextSlot = () => `${day}T${String(++slot).padStart(2, '0')}:00:00.000Z`;

async function key(permissions: Permission[]) {
  const res = await server.request('POST', '/api/admin/api-keys', {
    cookie: admin.cookie,
    body: { name: (permissions.join(' ') || 'none').slice(0, 100), permissions },
  });
  expect(res.status, res.text).toBe(200);
  return bearer(res.body.key);
}

async function product(name: string, inventory: number) {
  const [row] = await server.db.insert(products).values({ name, price: '12.50', inventory }).returning();
  return row!;
}

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  const settings = await server.request('PUT', '/api/business/settings', {
    cookie: admin.cookie,
    body: { businessName: 'Glow', timezone: 'UTC' },
  });
  expect(settings.status, settings.text).toBe(200);
  customer = await signInAs(server.database, 'customer', { firstName: 'Ada', lastName: 'Lovelace' });
  otherCustomer = await signInAs(server.database, 'customer', { firstName: 'Grace', lastName: 'Hopper' });
  employee = await signInAs(server.database, 'employee', { permissions: defaultEmployeePermissions });
  serviceId = await bookableService(
    server.db,
    employee.user.id,
    { name: 'Massage', price: '50.00', duration: 60 },
    { startTime: '08:00', endTime: '20:00' },
  );
  day = addCalendarDays(new Date().toISOString().slice(0, 10), 3);
});

describe('booking for a customer', () => {
  it('needs appointments.manage: a products.view key and an employee without it get 403, nothing booked', async () => {
    const narrow = await key(['products.view']);
    const body = { serviceId, dateTime: nextSlot(), customerId: customer.user.id };
    const byKey = await server.request('POST', '/api/appointments', { headers: narrow, body });
    expect(byKey.status).toBe(403);
    expect(byKey.body).toEqual(noPermission);
    const byEmployee = await server.request('POST', '/api/appointments', { cookie: employee.cookie, body });
    expect(byEmployee.status).toBe(403);
    expect(await server.db.select().from(appointments).where(eq(appointments.customerId, customer.user.id))).toEqual(
      [],
    );
  });

  it('with appointments.manage a key books for the customer it names, and reads it back with appointments.view', async () => {
    const booker = await key(['appointments.manage', 'appointments.view']);
    const res = await server.request('POST', '/api/appointments', {
      headers: booker,
      body: { serviceId, dateTime: nextSlot(), customerId: otherCustomer.user.id },
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await server.db.select().from(appointments).where(eq(appointments.id, res.body.id));
    expect(row!.customerId).toBe(otherCustomer.user.id);
    const read = await server.request('GET', `/api/appointments/${res.body.id}`, { headers: booker });
    expect(read.status).toBe(200);
    expect(read.body.customer).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('an id that names no customer is 404, never the creator; a key must name one (400)', async () => {
    const booker = await key(['appointments.manage']);
    for (const customerId of ['00000000-0000-4000-8000-000000000000', employee.user.id, 'current-user']) {
      const res = await server.request('POST', '/api/appointments', {
        headers: booker,
        body: { serviceId, dateTime: nextSlot(), customerId },
      });
      expect([customerId, res.status, res.body]).toEqual([
        customerId,
        404,
        { code: 'NOT_FOUND', message: 'No such customer.' },
      ]);
    }
    const unnamed = await server.request('POST', '/api/appointments', {
      headers: booker,
      body: { serviceId, dateTime: nextSlot() },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('An API key acts for no one of its own: name the customer with customerId.');
    expect(await server.db.select().from(appointments).where(eq(appointments.customerId, admin.user.id))).toEqual([]);
  });

  it("a signed-in customer's customerId stays ignored: they book for themself", async () => {
    const res = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: nextSlot(), customerId: otherCustomer.user.id },
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await server.db.select().from(appointments).where(eq(appointments.id, res.body.id));
    expect(row!.customerId).toBe(customer.user.id);
  });
});

describe('changing an appointment with a key', () => {
  async function booked() {
    const res = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: nextSlot() },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.id as string;
  }

  it("finds the appointment with the change's permission alone, without appointments.view, and shows no more", async () => {
    const first = await booked();
    const second = await booked();
    const canceller = await key(['appointments.cancel']);
    const cancelled = await server.request('POST', `/api/appointments/${first}/cancel`, { headers: canceller });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect((await server.request('GET', `/api/appointments/${second}`, { headers: canceller })).status).toBe(403);
    const editor = await key(['appointments.edit']);
    const dateTime = nextSlot();
    const moved = await server.request('PUT', `/api/appointments/${second}/reschedule`, {
      headers: editor,
      body: { dateTime },
    });
    expect([moved.status, moved.body.dateTime]).toEqual([200, dateTime]);
    const confirmed = await server.request('PUT', `/api/appointments/${second}/status`, {
      headers: editor,
      body: { status: 'confirmed' },
    });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed']);
    // The deposit refund finds it too: this one took no deposit, which is what the answer says.
    const refund = await server.request('POST', `/api/appointments/${second}/deposit-refund`, {
      headers: await key(['payments.refunds']),
    });
    expect([refund.status, refund.body.message]).toEqual([409, 'Only a deposit paid by card can be refunded.']);
    const editorCancel = await server.request('POST', `/api/appointments/${second}/cancel`, { headers: editor });
    expect([editorCancel.status, editorCancel.body.status]).toEqual([200, 'cancelled']);
    // Without a permission for the change it is refused as before; an unknown id is not found.
    const viewer = await server.request('POST', `/api/appointments/${second}/cancel`, {
      headers: await key(['appointments.view']),
    });
    expect(viewer.status).toBe(403);
    const unknown = await server.request('POST', '/api/appointments/00000000-0000-4000-8000-000000000000/cancel', {
      headers: canceller,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Appointment not found']);
  });
});

describe("a key never reaches its creator's own things", () => {
  it('a products.view key gets 403 on the cart, on checkout and on the order list, whatever the scope', async () => {
    const narrow = await key(['products.view']);
    for (const [method, path, refusal] of [
      ['GET', '/api/cart', notAPerson],
      ['POST', '/api/orders', noPermission],
      ['GET', '/api/orders', noPermission],
      ['GET', '/api/orders?scope=all', noPermission],
      ['GET', '/api/appointments', noPermission],
      ['GET', '/api/auth/user', notAPerson],
      ['GET', '/api/waitlist', notAPerson],
      ['GET', '/api/chat/messages', notAPerson],
    ] as const) {
      const res = await server.request(method, path, { headers: narrow, ...(method === 'POST' && { body: {} }) });
      expect([path, res.status, res.body]).toEqual([path, 403, refusal]);
    }
  });

  it("orders.view answers every order, never narrowed to the creator's own; scope=mine is refused", async () => {
    const mine = await product('Creator candle', 10);
    await server.db.insert(cartItems).values({ userId: admin.user.id, productId: mine.id, quantity: 1 });
    const ordered = await server.request('POST', '/api/orders', { cookie: admin.cookie, body: {} });
    expect(ordered.status, ordered.text).toBe(200);
    const theirs = await product('Customer soap', 10);
    await server.db.insert(cartItems).values({ userId: customer.user.id, productId: theirs.id, quantity: 2 });
    const placed = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(placed.status, placed.text).toBe(200);

    const reader = await key(['orders.view']);
    const all = await server.request('GET', '/api/orders?scope=all', { headers: reader });
    expect(all.status).toBe(200);
    expect(all.body.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([ordered.body.id, placed.body.id]),
    );
    expect((await server.request('GET', '/api/orders', { headers: reader })).body).toEqual(all.body);
    const mineOnly = await server.request('GET', '/api/orders?scope=mine', { headers: reader });
    expect([mineOnly.status, mineOnly.body]).toEqual([403, notAPerson]);
    // Checking out is the creator's browser's business, not the key's, whatever the key holds.
    await server.db.insert(cartItems).values({ userId: admin.user.id, productId: mine.id, quantity: 1 });
    const everything = await key(['orders.view', 'orders.manage']);
    const checkout = await server.request('POST', '/api/orders', { headers: everything, body: {} });
    expect(checkout.status).toBe(400);
    expect(await server.db.select().from(cartItems).where(eq(cartItems.userId, admin.user.id))).toHaveLength(1);
  });

  it("a key with no permission gets 403 on staff operations and the employee's own feed and week", async () => {
    const k0 = await key([]);
    const creatorWeek = await server.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, employee.user.id));
    for (const [method, path] of [
      ['GET', '/api/employee/calendar-feed'],
      ['POST', '/api/employee/calendar-feed/rotate'],
      ['PUT', '/api/my-availability'],
      ['GET', '/api/employee-availability'],
      ['GET', `/api/employee-availability/${employee.user.id}`],
      ['GET', '/api/availability-overrides'],
      ['GET', '/api/service-providers/employees'],
      ['GET', '/api/admin/roles'],
      ['GET', '/api/admin/permissions'],
    ] as const) {
      const res = await server.request(method, path, { headers: k0, ...(method !== 'GET' && { body: [] }) });
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await server.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, employee.user.id))).toEqual(
      creatorWeek,
    );
  });
});

describe('what a key is told about its creator', () => {
  it("refuses to change its creator's role, permissions or status, saying why in terms of the key", async () => {
    const self = `/api/admin/users/${admin.user.id}`;
    const refusal = {
      code: 'FORBIDDEN',
      message: "An API key can't change the role, permissions or status of the person who made it.",
    };
    const status = await server.request('PUT', `${self}/status`, {
      headers: await key(['users.edit']),
      body: { isActive: false },
    });
    expect([status.status, status.body]).toEqual([403, refusal]);
    const role = await server.request('PUT', `${self}/role`, {
      headers: await key(['users.roles']),
      body: { role: 'employee' },
    });
    expect([role.status, role.body]).toEqual([403, refusal]);
    const spanish = await server.request('PUT', `${self}/status`, {
      headers: { ...(await key(['users.edit'])), 'accept-language': 'es' },
      body: { isActive: false },
    });
    expect(spanish.body.message).toBe(
      'Una clave de API no puede cambiar el rol, los permisos ni el estado de quien la creó.',
    );
    // The admin in person is still told it is their own account.
    const own = await server.request('PUT', `${self}/status`, { cookie: admin.cookie, body: { isActive: false } });
    expect([own.status, own.body.message]).toEqual([403, "You can't change your own role, permissions or status."]);
  });

  it('asks a users.edit key to name the employee of a date override (400), as it does for weekly hours', async () => {
    const editor = await key(['users.edit']);
    const weekly = await server.request('POST', '/api/employee-availability', {
      headers: editor,
      body: { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
    });
    const override = await server.request('POST', '/api/availability-overrides', {
      headers: editor,
      body: { date: day, isAvailable: false },
    });
    const answer = (res: typeof weekly) => [res.status, res.body.code, res.body.message];
    expect(answer(override)).toEqual(answer(weekly));
    expect(answer(override)).toEqual([400, 'BAD_REQUEST', 'Please select an employee first.']);
    const named = await server.request('POST', '/api/availability-overrides', {
      headers: editor,
      body: { employeeId: employee.user.id, date: addCalendarDays(day, 1), isAvailable: false },
    });
    expect(named.status, named.text).toBe(200);
  });
});

describe('orders for a customer, without a cart', () => {
  it('places the order in one go: stock taken, manual payment, the customer as its owner', async () => {
    const oil = await product('Massage oil', 5);
    const placer = await key(['orders.manage']);
    const res = await server.request('POST', '/api/orders', {
      headers: placer,
      body: {
        customerId: otherCustomer.user.id,
        items: [
          { productId: oil.id, quantity: 2 },
          { productId: oil.id, quantity: 1 },
        ],
        notes: '  Gift wrap, please; collect on Friday.  ',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      notes: 'Gift wrap, please; collect on Friday.',
      userId: otherCustomer.user.id,
      paymentProvider: 'manual',
      status: 'pending',
      subtotal: '37.50',
      customer: { id: otherCustomer.user.id, firstName: 'Grace' },
      items: [{ productId: oil.id, quantity: 3, price: '12.50' }],
    });
    const [left] = await server.db.select().from(products).where(eq(products.id, oil.id));
    expect(left!.inventory).toBe(2);
    // The note is the order's: every read of it says it; an order without one says null.
    const read = await server.request('GET', `/api/orders/${res.body.id}`, { headers: await key(['orders.view']) });
    expect(read.body.notes).toBe('Gift wrap, please; collect on Friday.');
    const plain = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: otherCustomer.user.id, items: [{ productId: oil.id, quantity: 1 }] },
    });
    expect([plain.status, plain.body.notes]).toEqual([200, null]);
    const long = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: otherCustomer.user.id, items: [{ productId: oil.id, quantity: 1 }], notes: 'x'.repeat(1001) },
    });
    expect([long.status, long.body.message]).toEqual([400, 'notes must be at most 1000 characters']);
  });

  it('refuses a short line with 409 naming the product, an unknown product or customer with 404, and changes nothing', async () => {
    const oil = await product('Lavender oil', 1);
    const placer = await key(['orders.manage']);
    const before = (await server.db.select().from(orders)).length;
    const short = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: otherCustomer.user.id, items: [{ productId: oil.id, quantity: 2 }] },
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe('Not enough stock for Lavender oil: only 1 left.');
    const unknownProduct = await server.request('POST', '/api/orders', {
      headers: placer,
      body: {
        customerId: otherCustomer.user.id,
        items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      },
    });
    expect(unknownProduct.status).toBe(404);
    const unknownCustomer = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: '00000000-0000-4000-8000-000000000000', items: [{ productId: oil.id, quantity: 1 }] },
    });
    expect([unknownCustomer.status, unknownCustomer.body.message]).toEqual([404, 'No such customer.']);
    const noItems = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: otherCustomer.user.id },
    });
    expect(noItems.status).toBe(400);
    expect((await server.db.select().from(orders)).length).toBe(before);
    const [left] = await server.db.select().from(products).where(eq(products.id, oil.id));
    expect(left!.inventory).toBe(1);
  });

  it('puts an order placed for a customer in the activity log, by key or by staff, and each later staff change once', async () => {
    const oil = await product('Rose oil', 10);
    const names = ['orders.manage', 'orders.edit', 'payments.process', 'orders.refund'] as const;
    const placer = await key([...names]);
    const byKey = await server.request('POST', '/api/orders', {
      headers: placer,
      body: { customerId: otherCustomer.user.id, items: [{ productId: oil.id, quantity: 2 }] },
    });
    expect(byKey.status, byKey.text).toBe(200);
    const clerk = await signInAs(server.database, 'employee', { firstName: 'Sam', permissions: ['orders.manage'] });
    const byStaff = await server.request('POST', '/api/orders', {
      cookie: clerk.cookie,
      body: { customerId: customer.user.id, items: [{ productId: oil.id, quantity: 1 }] },
    });
    expect(byStaff.status, byStaff.text).toBe(200);
    // A customer's own checkout is no staff write.
    await server.db.insert(cartItems).values({ userId: customer.user.id, productId: oil.id, quantity: 1 });
    const own = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(own.status, own.text).toBe(200);
    // The later changes are audited by the same subscriber, each once, as made by the key.
    for (const [method, path, body] of [
      ['POST', `/api/orders/${byKey.body.id}/mark-paid`, undefined],
      ['POST', `/api/orders/${byKey.body.id}/refunds`, { amount: '5.00' }],
      ['PUT', `/api/orders/${byKey.body.id}/status`, { status: 'cancelled' }],
    ] as const) {
      const res = await server.request(method, path, { headers: placer, ...(body && { body }) });
      expect([path, res.status], res.text).toEqual([path, 200]);
    }
    await followUpsDone(server.db);
    const entriesOf = (id: string) =>
      server.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, summary: auditLog.summary })
        .from(auditLog)
        .where(eq(auditLog.entityId, id));
    const keyed = await entriesOf(byKey.body.id);
    expect(keyed.map((e) => e.action).sort()).toEqual([
      'order.created',
      'order.paid',
      'order.refunded',
      'order.status_changed',
    ]);
    expect(keyed.find((e) => e.action === 'order.created')).toEqual({
      action: 'order.created',
      actorId: admin.user.id,
      summary: `Placed order #${orderNumber(byKey.body.id)} for Grace Hopper. (via API key ${names.join(' ')})`,
    });
    expect(keyed.find((e) => e.action === 'order.refunded')).toEqual({
      action: 'order.refunded',
      actorId: admin.user.id,
      summary: `Refunded $5.00 of order #${orderNumber(byKey.body.id)}. (via API key ${names.join(' ')})`,
    });
    expect(await entriesOf(byStaff.body.id)).toEqual([
      {
        action: 'order.created',
        actorId: clerk.user.id,
        summary: `Placed order #${orderNumber(byStaff.body.id)} for Ada Lovelace.`,
      },
    ]);
    expect(await entriesOf(own.body.id)).toEqual([]);
    const log = await server.request('GET', '/api/admin/audit-log', {
      cookie: admin.cookie,
      headers: { 'accept-language': 'es' },
    });
    const placed = log.body.items.find(
      (item: { entityId: string; action: string }) =>
        item.entityId === byStaff.body.id && item.action === 'order.created',
    );
    expect(placed.summary).toBe(`Realizó el pedido n.º ${orderNumber(byStaff.body.id)} para Ada Lovelace.`);
  });

  it('needs orders.manage for staff; a signed-in customer keeps checking out their own cart', async () => {
    const soap = await product('Olive soap', 5);
    const staffRes = await server.request('POST', '/api/orders', {
      cookie: employee.cookie,
      body: { customerId: customer.user.id, items: [{ productId: soap.id, quantity: 1 }] },
    });
    expect(staffRes.status).toBe(403);
    await server.db.insert(cartItems).values({ userId: customer.user.id, productId: soap.id, quantity: 2 });
    const own = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { customerId: otherCustomer.user.id, items: [{ productId: soap.id, quantity: 1 }] },
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ userId: customer.user.id, items: [{ productId: soap.id, quantity: 2 }] });
  });
});

describe('webhooks by permission', () => {
  it('webhooks.view reads endpoints and deliveries, webhooks.manage writes them; API keys stay admin-only', async () => {
    const viewer = await signInAs(server.database, 'employee', { permissions: ['webhooks.view'] });
    expect((await server.request('GET', '/api/admin/webhooks', { cookie: viewer.cookie })).status).toBe(200);
    const body = { url: 'https://example.com/hooks', events: ['order.created'] };
    expect((await server.request('POST', '/api/admin/webhooks', { cookie: viewer.cookie, body })).status).toBe(403);
    const manager = await key(['webhooks.manage', 'webhooks.view']);
    const created = await server.request('POST', '/api/admin/webhooks', { headers: manager, body });
    expect(created.status, created.text).toBe(200);
    expect((await server.request('GET', '/api/admin/webhooks', { headers: manager })).status).toBe(200);
    expect((await server.request('GET', '/api/admin/api-keys', { headers: manager })).status).toBe(403);
  });
});

describe('customers over REST', () => {
  it('a customers.edit key adds a customer (201), a known e-mail is 409 with existingId, ?email= finds them', async () => {
    const editor = await key(['customers.edit', 'customers.view']);
    const body = { email: 'New.Person@Example.com', firstName: 'New', lastName: 'Person', phone: '+1 555 0100' };
    const created = await server.request('POST', '/api/admin/customers', { headers: editor, body });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      firstName: 'New',
      lastName: 'Person',
      email: 'new.person@example.com',
      phone: '+1 555 0100',
    });
    const again = await server.request('POST', '/api/admin/customers', {
      headers: editor,
      body: { ...body, email: 'NEW.PERSON@example.com' },
    });
    expect(again.status).toBe(409);
    expect(again.body.existingId).toBe(created.body.id);
    const found = await server.request('GET', '/api/admin/customers?email=NEW.person@EXAMPLE.com', { headers: editor });
    expect(found.status).toBe(200);
    expect(found.body.items.map((c: { id: string; phone: string }) => [c.id, c.phone])).toEqual([
      [created.body.id, '+1 555 0100'],
    ]);
    // Without a phone, the answer says null.
    const noPhone = await server.request('POST', '/api/admin/customers', {
      headers: editor,
      body: { email: 'no.phone@example.com', firstName: 'No', lastName: 'Phone' },
    });
    expect([noPhone.status, noPhone.body.phone]).toEqual([201, null]);
    expect((await server.request('POST', '/api/admin/customers', { headers: await key([]), body })).status).toBe(403);
  });
});

describe('the operations changed in API 1.3.0', () => {
  it('answer a key with no permission 403, and a key holding every permission never with its creator’s cart', async () => {
    const k0 = await key([]);
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['POST', '/api/orders', { customerId: customer.user.id, items: [] }],
      ['GET', '/api/cart/summary'],
      ['POST', '/api/cart', { productId: nobody, quantity: 1 }],
      ['POST', '/api/cart/gift-card', { code: 'ABCD-EFGH-JKLM-NPQR' }],
      ['POST', '/api/admin/gift-cards', { amount: '20.00' }],
      ['PUT', `/api/admin/customers/${customer.user.id}`, { phone: '+1 555 0100' }],
      ['POST', `/api/admin/customers/${otherCustomer.user.id}/erase`, {}],
      ['POST', `/api/appointments/${nobody}/cancel`, {}],
      ['PUT', `/api/appointments/${nobody}/reschedule`, { dateTime: nextSlot() }],
      ['PUT', `/api/appointments/${nobody}/status`, { status: 'confirmed' }],
      ['GET', `/api/admin/employees/${employee.user.id}/calendars`],
      ['GET', `/api/admin/calendar/busy?from=${day}&to=${day}`],
      ['GET', '/api/events?updatedSince=2026-01-01T00:00:00Z'],
      ['DELETE', `/api/admin/locations/${nobody}`],
      ['POST', '/api/availability-overrides', { date: day, isAvailable: false }],
      ['POST', '/api/chat/messages', { receiverId: customer.user.id, message: 'Hello' }],
    ] as const) {
      const res = await server.request(method, path, { headers: k0, ...(body && { body }) });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    // The admin who made it has a cart; a key holding everything is still no person.
    const soap = await product('Creator Soap', 5);
    await server.db.insert(cartItems).values({ userId: admin.user.id, productId: soap.id, quantity: 1 });
    const creatorsCart = () => server.db.select().from(cartItems).where(eq(cartItems.userId, admin.user.id));
    const cartBefore = await creatorsCart();
    const all = await key([...allPermissions]);
    for (const [method, path] of [
      ['GET', '/api/cart/summary'],
      ['POST', '/api/cart/gift-card'],
    ] as const) {
      const res = await server.request(method, path, {
        headers: all,
        ...(method === 'POST' && { body: { code: 'X' } }),
      });
      expect([path, res.status, res.body]).toEqual([path, 403, notAPerson]);
    }
    const creatorsOrders = () => server.db.select().from(orders).where(eq(orders.userId, admin.user.id));
    const before = await creatorsOrders();
    const checkout = await server.request('POST', '/api/orders', { headers: all, body: {} });
    expect(checkout.status).toBe(400);
    expect(await creatorsOrders()).toEqual(before);
    expect(await creatorsCart()).toEqual(cartBefore);
  });
});
