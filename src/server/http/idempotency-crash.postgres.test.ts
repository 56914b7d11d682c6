import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../bench/lib';
import { idempotencyKeys, products } from '../../../db/schema/index';
import { toSessionUser } from '../auth/sessions';
import { createApiKey } from '../integrations/api-keys';
import { createTestDatabase, signInAs, useTestServer } from '../../testing/test-server';

// PostgreSQL only: a keyed write whose connection or instance dies at any step. The answer commits with the write
// (src/server/http/idempotency.ts), so a retry with the same key gets the first answer when the write committed,
// and runs the request once when it did not, at once rather than after minutes.
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;
let sql: postgres.Sql;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  sql = postgres(server.database.url!, { max: 3, onnotice: () => {} });
  // Holds a transaction at its COMMIT while the test holds commit_gate: the deferred trigger runs at commit.
  await sql.unsafe(`
    create table commit_gate ();
    create function wait_for_commit_gate() returns trigger language plpgsql as $$
      begin lock table commit_gate in share mode; return null; end $$;
    create constraint trigger idempotency_commit_gate after insert on idempotency_keys
      deferrable initially deferred for each row execute function wait_for_commit_gate();`);
});
afterAll(async () => {
  await sql?.end();
});

const productsNamed = async (name: string) =>
  (await server.db.select({ n: count() }).from(products).where(eq(products.name, name)))[0]!.n;
const keysNamed = async (key: string) =>
  (await server.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]!.n;

function createProduct(name: string, key: string, signal?: AbortSignal) {
  return fetch(`${server.baseUrl}/api/products`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'idempotency-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: '9.90' }),
    signal,
  });
}

/** Holds `lock` in a transaction of its own until released: requests needing that lock wait for it. */
async function hold(lock: string) {
  const connection = await sql.reserve();
  await connection.unsafe('begin');
  await connection.unsafe(lock);
  const [{ pid }] = (await connection.unsafe('select pg_backend_pid() as pid')) as unknown as [{ pid: number }];
  return {
    pid,
    release: async () => {
      await connection.unsafe('rollback');
      connection.release();
    },
  };
}

/** The backend of the request waiting behind gate: the request's transaction. */
async function waitingBehind(gate: { pid: number }) {
  let pid: number | undefined;
  await expect
    .poll(async () => {
      const rows = await sql<{ pid: number }[]>`
        select pid from pg_stat_activity
         where datname = current_database() and ${gate.pid} = any(pg_blocking_pids(pid))`;
      pid = rows[0]?.pid;
      return pid;
    })
    .toBeDefined();
  return pid!;
}

/** Sends the request, stops it behind lock, kills its database connection there, and answers what it got. */
async function killedBehind(lock: string, name: string, key: string, whileHeld?: () => Promise<void>) {
  const gate = await hold(lock);
  try {
    const answer = createProduct(name, key);
    const backend = await waitingBehind(gate);
    await whileHeld?.();
    await sql`select pg_terminate_backend(${backend})`;
    return await answer;
  } finally {
    await gate.release();
  }
}

describe('a keyed write whose database connection dies', () => {
  it('before its write: the retry runs the request once', async () => {
    const failed = await killedBehind('lock table products in exclusive mode', 'Cut lamp', 'cut-before-write');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await keysNamed('cut-before-write')).toBe(0);
    const retried = await createProduct('Cut lamp', 'cut-before-write');
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Cut lamp')).toBe(1);
  });

  it('between its write and its answer: the write is not kept either, and the retry runs once', async () => {
    const failed = await killedBehind(
      // Reads of the key go on; keeping the answer (an insert) waits.
      'lock table idempotency_keys in share mode',
      'Halfway vase',
      'cut-after-write',
      // The product is written in the request's transaction, not committed, when the answer waits.
      async () => expect(await productsNamed('Halfway vase')).toBe(0),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await productsNamed('Halfway vase')).toBe(0);
    expect(await keysNamed('cut-after-write')).toBe(0);
    const retried = await createProduct('Halfway vase', 'cut-after-write');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Halfway vase')).toBe(1);
  });

  it('at its commit, with the answer kept: nothing commits, and the retry runs once', async () => {
    const failed = await killedBehind('lock table commit_gate in exclusive mode', 'Commit bowl', 'cut-at-commit');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await productsNamed('Commit bowl')).toBe(0);
    expect(await keysNamed('cut-at-commit')).toBe(0);
    const retried = await createProduct('Commit bowl', 'cut-at-commit');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Commit bowl')).toBe(1);
  });

  it('after its commit, with the client gone before the answer: the retry gets the first answer, one row', async () => {
    const gate = await hold('lock table commit_gate in exclusive mode');
    const client = new AbortController();
    const lost = createProduct('Unheard jug', 'cut-after-commit', client.signal).catch((error: unknown) => error);
    await waitingBehind(gate);
    client.abort();
    expect(await lost).toBeInstanceOf(Error);
    await gate.release();
    await expect.poll(() => productsNamed('Unheard jug')).toBe(1);
    const retried = await createProduct('Unheard jug', 'cut-after-commit');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await server.db.select({ id: products.id }).from(products).where(eq(products.name, 'Unheard jug'));
    expect(((await retried.json()) as { id: string }).id).toBe(row!.id);
    expect(await productsNamed('Unheard jug')).toBe(1);
  });
});

describe('two app instances, one killed mid-load', () => {
  it('every confirmed write of 100 keyed writes exists once, and no retry waits more than a few seconds', async () => {
    const database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      NODE_ENV: 'production',
      SESSION_SECRET: 'crash-test-secret-value',
      LOG_LEVEL: 'fatal',
      OIDC_CLIENT_ID: 'crash-test',
      OIDC_CLIENT_SECRET: 'crash-test',
      API_KEY_RATE_LIMIT: '1000000',
    };
    const [doomed, survivor] = await Promise.all([
      startServer('src/server/main.ts', env),
      startServer('src/server/main.ts', env),
    ]);
    try {
      const owner = await signInAs(database, 'admin');
      const { key } = await createApiKey(database.db, toSessionUser({ ...owner.user, rolePermissions: [] }), {
        name: 'Loader',
        permissions: ['products.create'],
      });

      let killedAt: number | undefined;
      const confirmed = new Map<number, string>();
      const waits: number[] = [];
      const send = (base: string, i: number) =>
        fetch(`${base}/api/products`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'idempotency-key': `load-${i}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ name: `Load lamp ${i}`, price: '5.00' }),
        });
      // A client that sends to the first instance and, when that fails, retries on the other until it gets an answer.
      async function write(i: number) {
        let base = killedAt === undefined ? doomed.url : survivor.url;
        let failedAt: number | undefined;
        for (;;) {
          const answer = await send(base, i).catch(() => undefined);
          if (answer?.status === 200) {
            confirmed.set(i, ((await answer.json()) as { id: string }).id);
            if (failedAt !== undefined) waits.push(Date.now() - failedAt);
            return;
          }
          failedAt ??= Date.now();
          base = survivor.url;
          await new Promise((resolve) => setTimeout(resolve, answer ? 100 : 10));
        }
      }
      let next = 0;
      const workers = Array.from({ length: 10 }, async () => {
        while (next < 100) {
          const i = next++;
          if (i === 40) {
            process.kill(doomed.pid, 'SIGKILL');
            killedAt = Date.now();
          }
          await write(i);
        }
      });
      await Promise.all(workers);

      expect(killedAt).toBeDefined();
      expect(confirmed.size).toBe(100);
      const rows = await database.db.select({ id: products.id, name: products.name }).from(products);
      expect(rows).toHaveLength(100);
      for (const [i, id] of confirmed)
        expect(rows.filter((row) => row.name === `Load lamp ${i}`)).toEqual([{ id, name: `Load lamp ${i}` }]);
      // Requests cut off by the kill were retried on the other instance.
      expect(waits.length).toBeGreaterThan(0);
      expect(Math.max(...waits)).toBeLessThan(5000);
    } finally {
      try {
        process.kill(doomed.pid, 'SIGKILL');
      } catch {
        // Killed by the test already.
      }
      await survivor.stop();
      await database.close();
    }
  });
});
