import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { employeeApplications, rateLimits, userTokens, users } from '../../db/schema/index';
import { limits } from '../server/auth/rate-limit';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});
beforeEach(async () => {
  await server.db.delete(rateLimits);
});

let n = 0;
// Exactly the fields docs/employee-applications.md lists for POST /api/employee/register.
const application = (overrides: Record<string, string> = {}) => ({
  firstName: 'Grace',
  lastName: 'Kim',
  email: `applicant${++n}@example.com`,
  phone: '555 123 4567',
  bio: 'Licensed massage therapist who loves helping people.',
  experience: 'Five years at a day spa.',
  specialties: 'Swedish, hot stone',
  ...overrides,
});

async function register(body: Record<string, unknown> = application()) {
  const res = await server.request('POST', '/api/employee/register', { body });
  return res;
}

async function outboxFor(email: string) {
  return (await queuedMail(server.db, email)).map(({ subject, text, status }) => ({ subject, text, status }));
}

const tokenIn = (text: string) => /set-password\?token=([\w%-]+)/.exec(text)?.[1];

describe('POST /api/employee/register', () => {
  it('accepts an application and answers JSON with it, pending', async () => {
    const body = application();
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, status: 'pending', reviewedAt: null, reviewNotes: null });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('applies the rules of docs/employee-applications.md with their messages', async () => {
    const res = await register({
      firstName: 'G',
      lastName: 'K',
      email: 'nope',
      phone: '123',
      bio: 'short',
      experience: 'short',
      specialties: 'abc',
    });
    expect(res.status).toBe(400);
    expect(
      res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message.replace(/^\w+: /, '')]),
    ).toEqual([
      ['firstName', 'First name must be at least 2 characters'],
      ['lastName', 'Last name must be at least 2 characters'],
      ['email', 'Please enter a valid email address'],
      ['phone', 'Please enter a valid phone number'],
      ['bio', 'Please provide at least 20 characters about yourself'],
      ['experience', 'Please describe your experience'],
      ['specialties', 'Please list your specialties'],
    ]);
    expect(
      await server.db.select().from(employeeApplications).where(eq(employeeApplications.email, 'nope')),
    ).toHaveLength(0);
  });

  it('refuses a second pending application for one e-mail (any case) with 409', async () => {
    const body = application();
    expect((await register(body)).status).toBe(200);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'An application for this e-mail address is already waiting for review.',
      code: 'CONFLICT',
    });
  });

  it("refuses a staff member's e-mail with 409", async () => {
    const { user } = await signInAs(server.database, 'employee');
    const res = await register(application({ email: user.email }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This e-mail address already belongs to a staff member. Please sign in at Employee Login instead.',
    );
  });

  it('is rate limited per address (429 with Retry-After)', async () => {
    for (let i = 0; i < limits.registerPerIp.limit; i++) expect((await register()).status).toBe(200);
    const res = await register();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/employee-applications', () => {
  it('lists every application newest first with the fields the page reads (admin only)', async () => {
    const created = (await register()).body;
    const res = await server.request('GET', '/api/admin/employee-applications', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual(created);
    for (const who of ['customer', 'employee'] as const) {
      const { cookie } = await signInAs(server.database, who);
      expect((await server.request('GET', '/api/admin/employee-applications', { cookie })).status).toBe(403);
    }
    // Admin-only even for an employee holding every users and roles permission.
    const { cookie } = await signInAs(server.database, 'employee', {
      permissions: ['users.view', 'users.edit', 'users.roles', 'users.permissions'],
    });
    expect((await server.request('GET', '/api/admin/employee-applications', { cookie })).status).toBe(403);
    expect((await server.request('GET', '/api/admin/employee-applications')).status).toBe(401);
  });
});

describe('approve and reject', () => {
  it('approval creates an active employee account and mails a single-use set-password link', async () => {
    const body = application();
    const { id } = (await register(body)).body;
    const res = await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, {
      cookie: admin,
      body: { notes: 'Welcome aboard' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved', reviewNotes: 'Welcome aboard' });
    expect(new Date(res.body.reviewedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [account] = await server.db.select().from(users).where(eq(users.email, body.email));
    expect(account).toMatchObject({
      role: 'employee',
      isActive: true,
      firstName: 'Grace',
      lastName: 'Kim',
      passwordHash: null,
    });
    const [mail] = await outboxFor(body.email);
    expect(mail!.subject).toBe('Your application has been approved');
    expect(mail!.status).toBe('pending'); // no SMTP_URL: it stays in the outbox
    expect(mail!.text).toContain('http://localhost:3000/employee/set-password?token=');
    expect(mail!.text).toContain('Welcome aboard');
    const token = decodeURIComponent(tokenIn(mail!.text)!);

    const check = await server.request('GET', `/api/employee/set-password?token=${encodeURIComponent(token)}`);
    expect(check.body).toEqual({ status: 'valid', email: body.email, firstName: 'Grace' });

    const short = await server.request('POST', '/api/employee/set-password', {
      body: { token, password: 'too short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 12 characters');

    const set = await server.request('POST', '/api/employee/set-password', {
      body: { token, password: 'a long new password' },
    });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ email: body.email, role: 'employee' });
    const cookie = set.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    expect((await server.request('GET', '/api/employee/me', { cookie })).body.email).toBe(body.email);

    // Used once: the link now says so, and cannot be used again.
    expect(
      (await server.request('GET', `/api/employee/set-password?token=${encodeURIComponent(token)}`)).body.status,
    ).toBe('used');
    const reuse = await server.request('POST', '/api/employee/set-password', {
      body: { token, password: 'another long password' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This link has already been used. Please sign in with your password.');

    // The new password works at the employee login.
    const login = await server.request('POST', '/api/employee/login', {
      body: { email: body.email, password: 'a long new password' },
    });
    expect(login.status).toBe(200);
  });

  it('an expired link is refused with a clear message', async () => {
    const body = application();
    const { id } = (await register(body)).body;
    await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, { cookie: admin, body: {} });
    const token = decodeURIComponent(tokenIn((await outboxFor(body.email))[0]!.text)!);
    await server.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await server.request('GET', `/api/employee/set-password?token=${encodeURIComponent(token)}`)).body.status,
    ).toBe('expired');
    const res = await server.request('POST', '/api/employee/set-password', {
      body: { token, password: 'a long new password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This link has expired. Please ask an administrator to send a new one.');
    expect((await server.request('GET', '/api/employee/set-password?token=made-up')).body).toEqual({
      status: 'invalid',
      email: null,
      firstName: null,
    });
  });

  it('approving a customer turns that account into the employee account and ends its customer sessions', async () => {
    const { user, cookie } = await signInAs(server.database, 'customer');
    const { id } = (await register(application({ email: user.email }))).body;
    const res = await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, {
      cookie: admin,
      body: { notes: null },
    });
    expect(res.status).toBe(200);
    const [account] = await server.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(account!.role).toBe('employee');
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('rejection needs a reason, mails it, and is final', async () => {
    const body = application();
    const { id } = (await register(body)).body;
    const noReason = await server.request('PUT', `/api/admin/employee-applications/${id}/reject`, {
      cookie: admin,
      body: { notes: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please give a reason for rejecting this application');
    const res = await server.request('PUT', `/api/admin/employee-applications/${id}/reject`, {
      cookie: admin,
      body: { notes: 'We need weekend availability.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', reviewNotes: 'We need weekend availability.' });
    const [mail] = await outboxFor(body.email);
    expect(mail!.text).toContain('We need weekend availability.');
    expect(await server.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);

    for (const action of ['approve', 'reject']) {
      const again = await server.request('PUT', `/api/admin/employee-applications/${id}/${action}`, {
        cookie: admin,
        body: { notes: 'again' },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This application has already been rejected.');
    }
    // Rejected: the person may apply again later.
    expect((await register({ ...body })).status).toBe(200);
  });

  it('approving twice is refused and creates nothing more', async () => {
    const body = application();
    const { id } = (await register(body)).body;
    expect(
      (await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, { cookie: admin, body: {} }))
        .status,
    ).toBe(200);
    const again = await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, {
      cookie: admin,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This application has already been approved.');
    expect(await outboxFor(body.email)).toHaveLength(1);
  });

  it('unknown or malformed ids are 404; non-admins are refused', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, {
        cookie: admin,
        body: {},
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Application not found.');
    }
    const { id } = (await register()).body;
    const { cookie } = await signInAs(server.database, 'employee', { permissions: ['users.edit'] });
    expect(
      (await server.request('PUT', `/api/admin/employee-applications/${id}/approve`, { cookie, body: {} })).status,
    ).toBe(403);
    expect(
      (await server.request('PUT', `/api/admin/employee-applications/${id}/reject`, { body: { notes: 'x' } })).status,
    ).toBe(401);
  });
});
