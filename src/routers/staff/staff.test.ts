import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema/index';
import { allPermissions, permissionGroups } from '../../shared/roles';
import { findSession } from '../../server/auth/sessions';
import { setUserRole, setUserStatus } from '../../server/staff/users-service';
import { queuedMail, signInAs, useTestServer } from '../../testing/test-server';

// The staff, roles and permissions calls over REST, sent exactly as the admin screens send them.
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin', { firstName: 'Avery', lastName: 'Stone', email: 'avery@shop.test' });
});

const auditFor = (entityId: string) =>
  server.db
    .select({ action: auditLog.action, summary: auditLog.summary, actorId: auditLog.actorId })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));

describe('GET /api/admin/permissions', () => {
  it('lists the catalogue by group with ids and labels', async () => {
    const res = await server.request('GET', '/api/admin/permissions', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(permissionGroups.length);
    expect(res.body[1]).toEqual({
      group: 'products',
      label: 'Products',
      permissions: expect.arrayContaining([{ id: 'products.create', label: 'Create products' }]),
    });
  });
});

describe('roles', () => {
  it('lists the system roles, admin holding every permission', async () => {
    const res = await server.request('GET', '/api/admin/roles', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const names = res.body.map((r: { name: string }) => r.name);
    expect(names.slice(0, 3)).toEqual(['admin', 'employee', 'customer']);
    expect(res.body[0]).toMatchObject({ name: 'admin', isSystemRole: true, permissions: allPermissions });
  });

  it('creates a role as the dialog sends it: name lowercased, whitespace to underscores, audited', async () => {
    const res = await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: {
        name: 'Front  Desk',
        displayName: 'Front Desk',
        description: 'Greets and books',
        permissions: ['customers.view', 'appointments.view'],
        isSystemRole: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'front_desk',
      displayName: 'Front Desk',
      isSystemRole: false,
      permissions: ['appointments.view', 'customers.view'],
      userCount: 0,
    });
    const [entry] = await auditFor(res.body.id);
    expect(entry).toMatchObject({ action: 'role.created', actorId: admin.user.id });
    expect(entry!.summary).toContain('Front Desk');
  });

  it('refuses a missing name or display name with the exact message, and changes nothing', async () => {
    for (const body of [{ displayName: 'X' }, { name: 'x' }, { name: '  ', displayName: 'X' }, {}]) {
      const res = await server.request('POST', '/api/admin/roles', { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Role name and display name are required');
    }
    const list = await server.request('GET', '/api/admin/roles', { cookie: admin.cookie });
    expect(list.body).toHaveLength(4);
  });

  it('answers 409 for a taken name, system roles and roles someone holds', async () => {
    const dup = await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: { name: 'front desk', displayName: 'Again' },
    });
    expect(dup.status).toBe(409);
    const system = await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: { name: 'Admin', displayName: 'Admin' },
    });
    expect(system.status).toBe(409);

    const roles = (await server.request('GET', '/api/admin/roles', { cookie: admin.cookie })).body as {
      id: string;
      name: string;
    }[];
    const employeeRole = roles.find((r) => r.name === 'employee')!;
    const edit = await server.request('PUT', `/api/admin/roles/${employeeRole.id}`, {
      cookie: admin.cookie,
      body: { name: 'employee', displayName: 'Staff', permissions: allPermissions },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('System roles cannot be changed.');
    const del = await server.request('DELETE', `/api/admin/roles/${employeeRole.id}`, { cookie: admin.cookie });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('System roles cannot be changed.');

    const frontDesk = roles.find((r) => r.name === 'front_desk')!;
    await signInAs(server.database, 'front_desk');
    const held = await server.request('DELETE', `/api/admin/roles/${frontDesk.id}`, { cookie: admin.cookie });
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/held by 1 person/);
  });

  it('edits and deletes a custom role; a change applies to its holders on their next request', async () => {
    const created = await server.request('POST', '/api/admin/roles', {
      cookie: admin.cookie,
      body: { name: 'stock', displayName: 'Stock', permissions: ['products.view', 'products.edit'] },
    });
    const holder = await signInAs(server.database, 'stock');
    let me = await server.request('GET', '/api/auth/user', { cookie: holder.cookie });
    expect(me.body.permissions).toEqual(['products.view', 'products.edit']);

    const edited = await server.request('PUT', `/api/admin/roles/${created.body.id}`, {
      cookie: admin.cookie,
      body: { name: 'stock keeper', displayName: 'Stock keeper', description: '', permissions: ['products.view'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'stock_keeper', permissions: ['products.view'], userCount: 1 });
    me = await server.request('GET', '/api/auth/user', { cookie: holder.cookie });
    expect(me.body).toMatchObject({ role: 'stock_keeper', permissions: ['products.view'] });
    const refused = await server.request('PUT', '/api/products/00000000-0000-4000-8000-000000000000', {
      cookie: holder.cookie,
      body: { name: 'x' },
    });
    expect(refused.status).toBe(403);

    await server.db.update(users).set({ role: 'employee' }).where(eq(users.id, holder.user.id));
    const del = await server.request('DELETE', `/api/admin/roles/${created.body.id}`, { cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect((await auditFor(created.body.id)).map((e) => e.action).sort()).toEqual([
      'role.created',
      'role.deleted',
      'role.updated',
    ]);
  });

  it('404 for an unknown role id', async () => {
    const res = await server.request('PUT', '/api/admin/roles/not-a-uuid', {
      cookie: admin.cookie,
      body: { name: 'a', displayName: 'A' },
    });
    expect(res.status).toBe(404);
  });
});

describe('staff', () => {
  it('creates a staff member: 200 with the user, set-password mail queued, audited; a taken e-mail is 409', async () => {
    const res = await server.request('POST', '/api/admin/users', {
      cookie: admin.cookie,
      body: { firstName: 'Nina', lastName: 'Park', email: 'Nina@Shop.test', role: 'employee' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Nina',
      lastName: 'Park',
      email: 'nina@shop.test',
      role: 'employee',
      isActive: true,
    });
    expect(res.body.permissions).toContain('dashboard.view');
    expect(res.body).not.toHaveProperty('passwordHash');
    const mail = await queuedMail(server.db, 'nina@shop.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/\/employee\/set-password\?token=/);
    expect((await auditFor(res.body.id))[0]).toMatchObject({
      action: 'user.created',
      summary: 'Added Nina Park (nina@shop.test) as Employee and sent a set-password link',
    });

    const dup = await server.request('POST', '/api/admin/users', {
      cookie: admin.cookie,
      body: { firstName: 'N', lastName: 'P', email: 'nina@shop.test', role: 'employee' },
    });
    expect(dup.status).toBe(409);
  });

  it('refuses the customer role and unknown roles with 400', async () => {
    for (const role of ['customer', 'nobody']) {
      const res = await server.request('POST', '/api/admin/users', {
        cookie: admin.cookie,
        body: { firstName: 'A', lastName: 'B', email: `${role}@shop.test`, role },
      });
      expect(res.status).toBe(400);
    }
    const bad = await server.request('POST', '/api/admin/users', {
      cookie: admin.cookie,
      body: { firstName: 'A', lastName: 'B', email: 'not-an-email', role: 'employee' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('lists every user with createdAt, filters by role, staff only and search', async () => {
    await signInAs(server.database, 'customer', { firstName: 'Cora', lastName: 'Client' });
    const all = await server.request('GET', '/api/admin/users', { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.some((u: { role: string }) => u.role === 'customer')).toBe(true);
    expect(all.body[0]).toHaveProperty('createdAt');
    const employees = await server.request('GET', '/api/admin/users?role=employee', { cookie: admin.cookie });
    expect(employees.body.every((u: { role: string }) => u.role === 'employee')).toBe(true);
    const staff = await server.request('GET', '/api/admin/users?staff=true&search=nina', { cookie: admin.cookie });
    expect(staff.body.map((u: { email: string }) => u.email)).toEqual(['nina@shop.test']);
  });

  it('updates name and e-mail, role, permissions and status, each audited; deactivation ends sessions at once', async () => {
    const person = await signInAs(server.database, 'employee', {
      firstName: 'Omar',
      lastName: 'Diaz',
      permissions: ['dashboard.view'],
    });
    const base = `/api/admin/users/${person.user.id}`;

    const info = await server.request('PUT', base, {
      cookie: admin.cookie,
      body: { firstName: 'Omar', lastName: 'Díaz', email: 'omar@shop.test' },
    });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ lastName: 'Díaz', email: 'omar@shop.test' });

    const role = await server.request('PUT', `${base}/role`, { cookie: admin.cookie, body: { role: 'front_desk' } });
    expect(role.status).toBe(200);
    expect(role.body.effectivePermissions).toEqual(['dashboard.view', 'appointments.view', 'customers.view']);

    const perms = await server.request('PUT', `${base}/permissions`, {
      cookie: admin.cookie,
      body: { permissions: ['products.view'] },
    });
    expect(perms.status).toBe(200);
    expect(perms.body.permissions).toEqual(['products.view']);
    expect((await server.request('GET', '/api/auth/user', { cookie: person.cookie })).body.permissions).toEqual([
      'products.view',
      'appointments.view',
      'customers.view',
    ]);

    const off = await server.request('PUT', `${base}/status`, { cookie: admin.cookie, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await server.request('GET', '/api/auth/user', { cookie: person.cookie })).status).toBe(401);

    const on = await server.request('PUT', `${base}/status`, { cookie: admin.cookie, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    expect((await auditFor(person.user.id)).map((e) => e.action).sort()).toEqual([
      'user.activated',
      'user.deactivated',
      'user.permissions_changed',
      'user.role_changed',
      'user.updated',
    ]);
    // The roles as the roles list names them.
    const changed = (await auditFor(person.user.id)).find((e) => e.action === 'user.role_changed')!;
    expect(changed.summary).toContain('to Front Desk');
    expect(changed.summary).not.toContain('front_desk');
  });

  it('answers 404 for an unknown person and 400 for an unknown permission', async () => {
    const missing = await server.request('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/status', {
      cookie: admin.cookie,
      body: { isActive: false },
    });
    expect(missing.status).toBe(404);
    const person = await signInAs(server.database, 'employee');
    const bad = await server.request('PUT', `/api/admin/users/${person.user.id}/permissions`, {
      cookie: admin.cookie,
      body: { permissions: ['everything.all'] },
    });
    expect(bad.status).toBe(400);
  });

  it("shows someone's weekly availability", async () => {
    const person = await signInAs(server.database, 'employee');
    const res = await server.request('GET', `/api/admin/users/${person.user.id}/availability`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('nobody raises themself or strands the business', () => {
  it('nobody changes their own role, permissions or status (403)', async () => {
    const self = `/api/admin/users/${admin.user.id}`;
    expect(
      (await server.request('PUT', `${self}/role`, { cookie: admin.cookie, body: { role: 'employee' } })).status,
    ).toBe(403);
    expect(
      (await server.request('PUT', `${self}/permissions`, { cookie: admin.cookie, body: { permissions: [] } })).status,
    ).toBe(403);
    expect(
      (await server.request('PUT', `${self}/status`, { cookie: admin.cookie, body: { isActive: false } })).status,
    ).toBe(403);
  });

  it('an employee with the staff permissions cannot make themself or anyone admin, nor grant what they lack', async () => {
    const manager = await signInAs(server.database, 'employee', {
      permissions: ['users.view', 'users.edit', 'users.roles', 'users.permissions'],
    });
    const own = `/api/admin/users/${manager.user.id}`;
    expect(
      (await server.request('PUT', `${own}/role`, { cookie: manager.cookie, body: { role: 'admin' } })).status,
    ).toBe(403);
    expect(
      (
        await server.request('PUT', `${own}/permissions`, {
          cookie: manager.cookie,
          body: { permissions: allPermissions },
        })
      ).status,
    ).toBe(403);

    const colleague = await signInAs(server.database, 'employee');
    const other = `/api/admin/users/${colleague.user.id}`;
    const toAdmin = await server.request('PUT', `${other}/role`, { cookie: manager.cookie, body: { role: 'admin' } });
    expect(toAdmin.status).toBe(403);
    const grant = await server.request('PUT', `${other}/permissions`, {
      cookie: manager.cookie,
      body: { permissions: ['settings.edit'] },
    });
    expect(grant.status).toBe(403);
    const fine = await server.request('PUT', `${other}/permissions`, {
      cookie: manager.cookie,
      body: { permissions: ['users.view'] },
    });
    expect(fine.status).toBe(200);
    // A role that carries more than the giver holds is refused too.
    expect(
      (await server.request('PUT', `${other}/role`, { cookie: manager.cookie, body: { role: 'front_desk' } })).status,
    ).toBe(403);
    // Admins are out of reach.
    expect(
      (
        await server.request('PUT', `/api/admin/users/${admin.user.id}/status`, {
          cookie: manager.cookie,
          body: { isActive: false },
        })
      ).status,
    ).toBe(403);
    const [row] = await server.db
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(row).toEqual({ role: 'admin', isActive: true });
  });

  it('a customer or an employee without the permission gets 403 on every staff write', async () => {
    const customer = await signInAs(server.database, 'customer');
    const employee = await signInAs(server.database, 'employee', { permissions: ['dashboard.view'] });
    for (const who of [customer, employee]) {
      expect(
        (
          await server.request('PUT', `/api/admin/users/${who.user.id}/role`, {
            cookie: who.cookie,
            body: { role: 'admin' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await server.request('POST', '/api/admin/roles', {
            cookie: who.cookie,
            body: { name: 'mine', displayName: 'Mine', permissions: allPermissions },
          })
        ).status,
      ).toBe(403);
    }
    const roles = (await server.request('GET', '/api/admin/roles', { cookie: admin.cookie })).body as {
      id: string;
      name: string;
    }[];
    const adminRole = roles.find((r) => r.name === 'admin')!;
    expect(
      (
        await server.request('PUT', `/api/admin/roles/${adminRole.id}`, {
          cookie: employee.cookie,
          body: { name: 'admin', displayName: 'A' },
        })
      ).status,
    ).toBe(403);
  });

  it('the last active admin cannot be demoted or deactivated (409)', async () => {
    // Through the API an admin only reaches other admins, so the last one is met by a request still in
    // flight when its caller lost admin rights (or by two admins demoting each other at once, tested on
    // PostgreSQL): the service is called with that caller as they were when the request arrived.
    const caller = await signInAs(server.database, 'admin');
    const last = await signInAs(server.database, 'admin');
    await server.db.update(users).set({ isActive: false }).where(ne(users.id, last.user.id));
    const actor = (await findSession(server.db, caller.token.toString()))?.user ?? {
      ...caller.user,
      permissions: allPermissions,
    };
    await expect(setUserRole(server.db, actor, { userId: last.user.id, role: 'employee' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This is the last active admin. Make someone else an admin first.',
    });
    await expect(setUserStatus(server.db, actor, { userId: last.user.id, isActive: false })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const [row] = await server.db
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, last.user.id));
    expect(row).toEqual({ role: 'admin', isActive: true });
    expect(await auditFor(last.user.id)).toEqual([]);
    await server.db.update(users).set({ isActive: true }).where(eq(users.id, admin.user.id));
  });
});
