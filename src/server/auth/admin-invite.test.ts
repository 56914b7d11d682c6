import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { queuedMail, signInAs, useTestServer } from '../../testing/test-server';
import { inviteAdmin } from './admin-invite';
import { inspectSetPasswordToken, setPasswordWithToken } from './password-tokens';

const server = useTestServer();
const publicUrl = 'http://localhost:3000';
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('admin invitation', () => {
  it('creates an admin whose link sets a password once, then signs in with it', async () => {
    const invite = await inviteAdmin(server.db, { email: '  Owner@Example.com ' }, { publicUrl, sendMail: false });
    expect(invite).toMatchObject({ email: 'owner@example.com', outcome: 'created', mailed: false });
    expect(invite.link).toMatch(/^http:\/\/localhost:3000\/employee\/set-password\?token=/);
    const [account] = await server.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(account).toMatchObject({ role: 'admin', isActive: true, passwordHash: null });
    expect(account!.permissions.length).toBeGreaterThan(0);
    // No SMTP: nothing queued, the operator hands the printed link over.
    expect(await queuedMail(server.db, 'owner@example.com')).toHaveLength(0);

    const token = tokenOf(invite.link);
    const path = `/api/employee/set-password`;
    expect((await server.request('GET', `${path}?token=${encodeURIComponent(token)}`)).body).toMatchObject({
      status: 'valid',
      email: 'owner@example.com',
    });
    const set = await server.request('POST', path, { body: { token, password: 'the owner password' } });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ email: 'owner@example.com', role: 'admin' });

    const reuse = await server.request('POST', path, { body: { token, password: 'another owner password' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This link has already been used. Please sign in with your password.');

    const login = await server.request('POST', '/api/employee/login', {
      body: { email: 'owner@example.com', password: 'the owner password' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'admin' });
  });

  it('promotes an existing customer, ends their customer sessions, and mails the link when mail is sent', async () => {
    const { user, cookie } = await signInAs(server.database, 'customer', { email: 'casey@example.com' });
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(200);

    const invite = await inviteAdmin(server.db, { email: 'casey@example.com' }, { publicUrl, sendMail: true });
    expect(invite.outcome).toBe('promoted');
    const [account] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.role).toBe('admin');
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);

    const [mail] = await queuedMail(server.db, 'casey@example.com');
    expect(mail!.text).toContain(invite.link);
  });

  it('a second invitation replaces the first link', async () => {
    const first = await inviteAdmin(server.db, { email: 'again@example.com' }, { publicUrl, sendMail: false });
    const second = await inviteAdmin(server.db, { email: 'again@example.com' }, { publicUrl, sendMail: false });
    expect(second.outcome).toBe('renewed');
    expect((await inspectSetPasswordToken(server.db, tokenOf(first.link))).status).toBe('used');
    expect((await inspectSetPasswordToken(server.db, tokenOf(second.link))).status).toBe('valid');
  });

  it('refuses what is not an e-mail address and creates nothing', async () => {
    const before = await server.db.select().from(users);
    await expect(inviteAdmin(server.db, { email: 'not-an-address' }, { publicUrl, sendMail: false })).rejects.toThrow(
      '"not-an-address" is not an e-mail address.',
    );
    expect(await server.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('npm run admin:invite', () => {
  it('prints a single-use link for the new admin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-invite-'));
    // PGlite is one process's database: the command gets its own directory, opened here after it exits.
    const target = server.database.url ? { DATABASE_URL: server.database.url } : { DATA_DIR: dir };
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/commands/admin-invite.ts', 'first.admin@example.com'],
        {
          env: {
            ...process.env,
            NODE_ENV: 'production',
            SESSION_SECRET: 'test-secret',
            PUBLIC_URL: 'https://shop.example.com',
            DATABASE_URL: '',
            ...target,
          },
        },
      );
      expect(stdout).toContain('first.admin@example.com is a new admin.');
      const link = /https:\/\/shop\.example\.com\/employee\/set-password\?token=\S+/.exec(stdout)?.[0];
      expect(link).toBeDefined();

      const database = server.database.url ? server.database : await createDb({ dataDir: dir });
      try {
        const [account] = await database.db.select().from(users).where(eq(users.email, 'first.admin@example.com'));
        expect(account!.role).toBe('admin');
        const token = tokenOf(link!);
        await setPasswordWithToken(database.db, { token, password: 'a long admin password' });
        await expect(setPasswordWithToken(database.db, { token, password: 'a second admin password' })).rejects.toThrow(
          'This link has already been used.',
        );
      } finally {
        if (!server.database.url) await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a separate Node process that loads TypeScript: slow on a busy machine
});
