import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, roles, users, weeklyHours } from '../../db/schema/index';
import { bookableService, signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;
let customer: Awaited<ReturnType<typeof signInAs>>;
let maya: Awaited<ReturnType<typeof signInAs>>;
let liam: Awaited<ReturnType<typeof signInAs>>;
let serviceId: string;
beforeAll(async () => {
  admin = await signInAs(server.database, 'admin', { firstName: 'Avery', lastName: 'Stone', email: 'avery@shop.test' });
  customer = await signInAs(server.database, 'customer');
  maya = await signInAs(server.database, 'employee', {
    firstName: 'Maya',
    lastName: 'Okafor',
    email: 'maya@shop.test',
    permissions: ['services.view'],
  });
  liam = await signInAs(server.database, 'employee', { firstName: 'Liam', lastName: 'Chen', email: 'liam@shop.test' });
  const res = await server.request('POST', '/api/services', {
    cookie: admin.cookie,
    body: { name: 'Facial', price: '95.00', duration: 60 },
  });
  serviceId = res.body.id;
});

const link = (employeeId: string, cookie = admin.cookie) =>
  server.request('POST', '/api/service-providers', { cookie, body: { serviceId, employeeId } });

describe('service providers, called as docs/catalogue.md lists them', () => {
  it('lists who may be chosen, with e-mail, for staff only', async () => {
    const res = await server.request('GET', '/api/service-providers/employees', { cookie: maya.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { email: string }) => c.email)).toEqual([
      'avery@shop.test',
      'liam@shop.test',
      'maya@shop.test',
    ]);
    expect(res.body[0]).toEqual({
      id: admin.user.id,
      firstName: 'Avery',
      lastName: 'Stone',
      email: 'avery@shop.test',
      role: 'admin',
    });
    expect((await server.request('GET', '/api/service-providers/employees', { cookie: customer.cookie })).status).toBe(
      403,
    );
    // Staff who neither see services nor appointments have no use for the list.
    expect((await server.request('GET', '/api/service-providers/employees', { cookie: liam.cookie })).status).toBe(403);
  });

  it('starts with no links: everyone may perform the service', async () => {
    const res = await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: customer.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('POST links one employee per call and GET shows the entries with employeeId', async () => {
    const res = await link(maya.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      serviceId,
      employeeId: maya.user.id,
      employee: { id: maya.user.id, firstName: 'Maya', lastName: 'Okafor' },
    });
    expect((await link(liam.user.id)).status).toBe(200);
    expect((await link(liam.user.id)).status).toBe(200);

    const forService = await server.request('GET', `/api/service-providers/service/${serviceId}`, {
      cookie: customer.cookie,
    });
    expect(forService.body.map((l: { employeeId: string }) => l.employeeId).sort()).toEqual(
      [maya.user.id, liam.user.id].sort(),
    );
    const all = await server.request('GET', '/api/service-providers', { cookie: customer.cookie });
    expect(all.status).toBe(200);
    expect(all.body.filter((l: { serviceId: string }) => l.serviceId === serviceId)).toHaveLength(2);
  });

  it('edits as the admin dialog does: delete every link, then re-create the chosen ones', async () => {
    const current = (
      await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: admin.cookie })
    ).body as { employeeId: string }[];
    for (const { employeeId } of current) {
      const res = await server.request('DELETE', `/api/service-providers/${employeeId}/${serviceId}`, {
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, serviceId, employeeId });
    }
    expect((await link(admin.user.id)).status).toBe(200);
    const after = await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: admin.cookie });
    expect(after.body.map((l: { employeeId: string }) => l.employeeId)).toEqual([admin.user.id]);
  });

  it('writes each link made or removed to the activity log, in the transaction of the change', async () => {
    const entries = await server.db
      .select({ action: auditLog.action, summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, serviceId), like(auditLog.action, 'service.provider%')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    // Linking Liam twice made one link, so one entry; the dialog's edit removed Maya and Liam and linked Avery.
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['service.provider_added', 'Let Maya Okafor perform Facial.'],
      ['service.provider_added', 'Let Liam Chen perform Facial.'],
      // The dialog removes them in the list's order, by first name.
      ['service.provider_removed', 'Stopped Liam Chen performing Facial.'],
      ['service.provider_removed', 'Stopped Maya Okafor performing Facial.'],
      ['service.provider_added', 'Let Avery Stone perform Facial.'],
    ]);
    expect(new Set(entries.map((e) => e.actorId))).toEqual(new Set([admin.user.id]));
  });

  it('answers 404 when deleting a link that does not exist', async () => {
    const res = await server.request('DELETE', `/api/service-providers/${liam.user.id}/${serviceId}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This employee is not linked to the service');
  });

  it('links only active staff', async () => {
    const res = await link(customer.user.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Only active staff members can perform services', code: 'BAD_REQUEST' });
    const gone = await signInAs(server.database, 'employee');
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    expect((await link(gone.user.id)).status).toBe(400);
    expect((await link('00000000-0000-4000-8000-000000000000')).status).toBe(400);
  });

  it('hides links of deactivated staff', async () => {
    expect((await link(liam.user.id)).status).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, liam.user.id));
    const res = await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: admin.cookie });
    expect(res.body.map((l: { employeeId: string }) => l.employeeId)).not.toContain(liam.user.id);
    await server.db.update(users).set({ isActive: true }).where(eq(users.id, liam.user.id));
  });

  it('answers 404 for an unknown service, and for an inactive one unless staff', async () => {
    expect((await link(maya.user.id, admin.cookie)).status).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await server.request('POST', '/api/service-providers', {
          cookie: admin.cookie,
          body: { serviceId: unknown, employeeId: maya.user.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/service-providers/service/${unknown}`, { cookie: customer.cookie })).status,
    ).toBe(404);
    await server.request('PUT', `/api/services/${serviceId}`, { cookie: admin.cookie, body: { isActive: false } });
    expect(
      (await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: customer.cookie })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/service-providers/service/${serviceId}`, { cookie: maya.cookie })).status,
    ).toBe(200);
    const services = async (cookie: string) =>
      ((await server.request('GET', '/api/service-providers', { cookie })).body as { serviceId: string }[]).map(
        (l) => l.serviceId,
      );
    expect(await services(customer.cookie)).not.toContain(serviceId);
    expect(await services(maya.cookie)).toContain(serviceId);
  });

  it('needs a session to read and services.edit to change', async () => {
    expect((await server.request('GET', '/api/service-providers')).status).toBe(401);
    expect((await link(maya.user.id, customer.cookie)).status).toBe(403);
    expect((await link(maya.user.id, maya.cookie)).status).toBe(403);
    expect(
      (
        await server.request('DELETE', `/api/service-providers/${maya.user.id}/${serviceId}`, {
          cookie: customer.cookie,
        })
      ).status,
    ).toBe(403);
    const editor = await signInAs(server.database, 'employee', { permissions: ['services.edit'] });
    expect(
      (await server.request('DELETE', `/api/service-providers/${maya.user.id}/${serviceId}`, { cookie: editor.cookie }))
        .status,
    ).toBe(200);
  });

  it('rejects a body without the ids with 400', async () => {
    const res = await server.request('POST', '/api/service-providers', { cookie: admin.cookie, body: { serviceId } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('employeeId is required');
  });
});

describe('who performs a service whose people are deactivated, or that names nobody', () => {
  const day = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  it('a service whose only named person is deactivated offers no times and is booked with nobody else', async () => {
    const named = await signInAs(server.database, 'employee', { firstName: 'Nia' });
    const other = await signInAs(server.database, 'employee', { firstName: 'Omar' });
    const hours = { startTime: '09:00', endTime: '17:00' };
    const id = await bookableService(server.db, named.user.id, { name: 'Brows', price: '20.00', duration: 30 }, hours);
    await server.db
      .insert(weeklyHours)
      .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ employeeId: other.user.id, dayOfWeek, ...hours })));
    const slots = () => server.request('GET', `/api/appointments/slots?serviceId=${id}&date=${day()}`);
    const before = await slots();
    expect(before.body.length).toBeGreaterThan(0);
    expect(new Set(before.body.flatMap((s: { employeeIds: string[] }) => s.employeeIds))).toEqual(
      new Set([named.user.id]),
    );

    const off = await server.request('PUT', `/api/admin/users/${named.user.id}/status`, {
      cookie: admin.cookie,
      body: { isActive: false },
    });
    expect(off.status, off.text).toBe(200);
    expect((await slots()).body).toEqual([]);
    const providers = await server.request('GET', `/api/appointments/providers?serviceId=${id}`, {
      cookie: customer.cookie,
    });
    expect(providers.body).toEqual([]);
    const booking = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId: id, dateTime: before.body[0].dateTime },
    });
    expect(booking.status, booking.text).toBe(409);
    expect(await server.db.select().from(appointments).where(eq(appointments.serviceId, id))).toEqual([]);

    await server.request('PUT', `/api/admin/users/${named.user.id}/status`, {
      cookie: admin.cookie,
      body: { isActive: true },
    });
    expect((await slots()).body).toEqual(before.body);
  });

  it('a staff member of a custom role performs a service that names nobody, and can be linked', async () => {
    await server.db.insert(roles).values({ name: 'therapist', displayName: 'Therapist', permissions: [] });
    const therapist = await signInAs(server.database, 'therapist', { firstName: 'Tess' });
    const created = await server.request('POST', '/api/services', {
      cookie: admin.cookie,
      body: { name: 'Reflexology', price: '50.00', duration: 45 },
    });
    const providers = await server.request('GET', `/api/appointments/providers?serviceId=${created.body.id}`, {
      cookie: customer.cookie,
    });
    expect(providers.body.map((p: { id: string }) => p.id)).toContain(therapist.user.id);
    const linked = await server.request('POST', '/api/service-providers', {
      cookie: admin.cookie,
      body: { serviceId: created.body.id, employeeId: therapist.user.id },
    });
    expect(linked.status, linked.text).toBe(200);
  });
});
