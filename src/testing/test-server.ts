import { afterAll, beforeAll, inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { createDb, migratedPgliteDump, type Database, type Tx } from '../../db/client';
import { jobs, serviceProviders, services, users, weeklyHours } from '../../db/schema/index';
import { allPermissions, type Permission, type Role } from '../shared/roles';
import { buildApp } from '../server/app';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import { readEnv, type Env } from '../server/env';
import type { OutgoingMail } from '../server/mail/outgoing-mail';
import { documentMismatch } from '../server/openapi-check';
import { subscriberKinds } from '../server/events/subscriber';
import type { Payments } from '../server/payments/payments';
import { createPostgresDatabase } from './postgres-database';

// This worker's migrated PGlite database, which each of its test databases starts from (files share a worker's
// modules): creating and migrating one took 2.2-3.4 s of CPU, starting from the dump 0.75-0.96 s.
let pgliteDump: Promise<Blob> | undefined;

function migratedPglite(): Promise<Blob> {
  pgliteDump ??= migratedPgliteDump().catch((failure: unknown) => {
    pgliteDump = undefined;
    throw failure;
  });
  return pgliteDump;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the DATABASE_URL server, copied from the run's migrated template (postgres-template.ts) and dropped
 * afterwards, so runs never see each other's rows.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') return createDb({ loadDataDir: await migratedPglite() });
  const adminUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const copy = await createPostgresDatabase(adminUrl, 'test', template);
  const database = await createDb({ url: copy.url, maxConnections: 20 });
  return {
    ...database,
    url: copy.url,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * Waits until every subscriber job due so far is done (or failed): what follows the writes a test made (mails,
 * reminders, activity log entries) is then written. The app's own runner runs them; a test without one runs them itself.
 */
export async function followUpsDone(db: Tx, timeoutMs = 10_000) {
  const kinds = subscriberKinds();
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 10))) {
    const [waiting] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), inArray(jobs.kind, kinds), lte(jobs.runAt, sql`now()`)))
      .limit(1);
    if (!waiting) return;
    if (Date.now() - started > timeoutMs)
      throw new Error('Subscriber jobs are still pending: is a job runner running?');
  }
}

/** The mail queued so far (its `mail` jobs), oldest first, once the subscribers are done; `to` keeps one recipient's. */
export async function queuedMail(db: Tx, to?: string) {
  await followUpsDone(db);
  const rows = await db
    .select({
      id: jobs.id,
      payload: jobs.payload,
      status: jobs.status,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), to === undefined ? undefined : sql`${jobs.payload}->>'to' = ${to}`))
    .orderBy(jobs.createdAt);
  return rows.map(({ payload, ...job }) => ({ ...(payload as OutgoingMail), ...job }));
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...overrides });
}

async function createTestApp(opts: { env?: Record<string, string>; payments?: Payments } = {}) {
  const database = await createTestDatabase();
  const env = testEnv(opts.env);
  const app = await buildApp({ database, env, payments: opts.payments });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A service one employee provides, bookable every day of the week from `startTime` to `endTime` in the business
 * time zone: the set-up most booking tests start from. Answers the service's id.
 */
export async function bookableService(
  db: Tx,
  employeeId: string,
  service: { name: string; price: string; duration: number; capacity?: number },
  hours: { startTime: string; endTime: string },
): Promise<string> {
  const [row] = await db.insert(services).values(service).returning({ id: services.id });
  await db.insert(serviceProviders).values({ serviceId: row!.id, employeeId });
  await db.insert(weeklyHours).values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ employeeId, dayOfWeek, ...hours })));
  return row!.id;
}

let counter = 0;

/** Creates a user of any role with a live session; returns the Cookie header value to send. */
export async function signInAs(
  database: Database,
  role: Role,
  opts: { permissions?: Permission[]; email?: string; firstName?: string; lastName?: string } = {},
) {
  counter += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      email: opts.email ?? `${role}-${counter}-${randomBytes(3).toString('hex')}@test.example`,
      firstName: opts.firstName ?? role[0]!.toUpperCase() + role.slice(1),
      lastName: opts.lastName ?? `Number${counter}`,
      role,
      permissions: opts.permissions ?? (role === 'admin' ? allPermissions : []),
    })
    .returning();
  const { token } = await createSession(database.db, user!.id);
  return { user: user!, token, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The app listening on a real port, and a client that sends requests exactly as given: a body only when
 * one is passed, JSON unless another Content-Type is set. Every answer to a documented REST operation is held
 * to openapi/openapi.json (status listed, body matching its schema), so each contract test also tests the document.
 */
export async function startTestServer(opts: { env?: Record<string, string>; payments?: Payments } = {}) {
  const ctx = await createTestApp(opts);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function request(
    method: string,
    path: string,
    init: {
      body?: unknown;
      rawBody?: string | FormData | URLSearchParams;
      cookie?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | FormData | URLSearchParams | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const mismatch = documentMismatch(method, path, {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: parsed,
    });
    if (mismatch) throw new Error(mismatch);
    return { status: res.status, headers: res.headers, text, body: parsed };
  }

  return { ...ctx, baseUrl, request };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A test file's server: started before the file's own beforeAll hooks run (hooks run in the order they are
 * registered) and closed after its tests.
 */
export function useTestServer(opts: { env?: Record<string, string>; payments?: Payments } = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(opts));
  });
  afterAll(() => server.close());
  return server;
}
