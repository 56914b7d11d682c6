import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { createDb, queryRows } from '../../../db/client';
import { createJobRunner } from '../jobs/runner';
import { webhookJob, webhookKind } from './delivery';
import { listWebhookDeliveries } from './endpoint-service';
import { eventProduct as product, startWebhookReceiver } from '../../testing/webhook-receiver';

const migrations = fileURLToPath(new URL('../../../db/migrations', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const endpoint = '00000000-0000-4000-8000-00000000000e';
const [waiting, delivered, failed, fresh, redelivered] = ['a', 'b', 'c', 'd', 'f'].map(
  (c) => `00000000-0000-4000-8000-${c.repeat(12)}`,
) as [string, string, string, string, string];

it('moves retries to the jobs alone: waiting deliveries are still retried, each keeps its attempts and last answer', async () => {
  // The migrations as they were before the outcome log, then deliveries in every state, each with its job(s).
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));
  const idx = journal.entries.find((entry: { tag: string }) => entry.tag.endsWith('_webhook_outcome_log')).idx;
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  const before = join(work, 'before');
  mkdirSync(join(before, 'meta'), { recursive: true });
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(join(migrations, `${tag}.sql`), join(before, `${tag}.sql`));
  const dataDir = join(work, 'data');
  const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: before });
  const receiver = await startWebhookReceiver();
  receiver.useSecret(secret);
  const job = (delivery: string, status: string, attempts: number, at: string, finished: boolean) =>
    `('webhook', '{"deliveryId": "${delivery}"}', '${status}', ${attempts}, '${at}', 'webhook:${delivery}',
      '${at}', ${finished ? `'${at}'` : 'null'})`;
  await client.exec(`
    insert into webhook_endpoints (id, url, events, secret)
      values ('${endpoint}', '${receiver.url}', '{product.updated}', '${secret}');
    insert into webhook_events (id, type, data, created_at)
      values ('00000000-0000-4000-8000-000000000001', 'product.updated', '${JSON.stringify(product)}', '2026-11-25T08:00:00Z');
    insert into webhook_deliveries
        (id, endpoint_id, event_id, status, attempts, last_status_code, last_error, next_attempt_at, created_at, delivered_at)
      select d.id::uuid, '${endpoint}', '00000000-0000-4000-8000-000000000001', d.status::webhook_delivery_status,
          d.attempts, d.code, d.error, d.next::timestamptz, '2026-11-25T08:00:00Z', d.delivered::timestamptz
      from (values
        ('${waiting}', 'pending', 2, 503, 'The endpoint answered 503.', '2026-11-28T10:05:00Z', null),
        ('${delivered}', 'delivered', 1, 200, null, null, '2026-11-27T09:00:00Z'),
        ('${failed}', 'failed', 7, 500, 'The endpoint answered 500.', null, null),
        ('${fresh}', 'pending', 0, null, null, '2026-11-28T10:00:00Z', null),
        -- Delivered, then Redeliver pressed: its new job has not run yet.
        ('${redelivered}', 'pending', 1, 200, null, '2026-11-28T11:00:00Z', '2026-11-27T09:30:00Z')
      ) as d(id, status, attempts, code, error, next, delivered);
    insert into jobs (kind, payload, status, attempts, run_at, unique_key, created_at, finished_at) values
      ${job(waiting, 'pending', 2, '2026-11-28T10:05:00Z', false)},
      ${job(delivered, 'done', 1, '2026-11-27T09:00:00Z', true)},
      ${job(failed, 'failed', 7, '2026-11-26T08:00:00Z', true)},
      ${job(fresh, 'pending', 0, '2026-11-28T10:00:00Z', false)},
      ${job(redelivered, 'done', 1, '2026-11-27T09:30:00Z', true)},
      ${job(redelivered, 'pending', 0, '2026-11-28T11:00:00Z', false)};`);
  const jobOf = async (delivery: string) =>
    (await client.query<{ id: string }>(`select id from jobs where unique_key = 'webhook:${delivery}' limit 1`))
      .rows[0]!.id;
  const waitingJob = await jobOf(waiting);
  const failedJob = await jobOf(failed);
  await client.close();

  const database = await createDb({ dataDir });
  try {
    await database.migrate();
    const byId = async () =>
      Object.fromEntries((await listWebhookDeliveries(database.db, endpoint)).map((d) => [d.id, d]));
    const after = await byId();
    expect(after[waiting]).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastStatusCode: 503,
      lastError: 'The endpoint answered 503.',
      nextAttemptAt: '2026-11-28T10:05:00.000Z',
      deliveredAt: null,
      // The retry's time less its back-off (5 min after the second attempt).
      outcomes: [{ attempt: 2, at: '2026-11-28T10:00:00.000Z', statusCode: 503, error: 'The endpoint answered 503.' }],
    });
    expect(after[delivered]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
      deliveredAt: '2026-11-27T09:00:00.000Z',
    });
    expect(after[failed]).toMatchObject({
      status: 'failed',
      attempts: 7,
      lastStatusCode: 500,
      lastError: 'The endpoint answered 500.',
      nextAttemptAt: null,
      outcomes: [{ attempt: 7, at: '2026-11-26T08:00:00.000Z', statusCode: 500, error: 'The endpoint answered 500.' }],
    });
    expect(after[fresh]).toMatchObject({ status: 'pending', attempts: 0, lastStatusCode: null, outcomes: [] });
    expect(after[redelivered]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: '2026-11-28T11:00:00.000Z',
    });
    // The job each first outcome names, as stored (the API does not show it).
    const stored = await queryRows(
      database.db,
      sql`select outcomes -> 0 ->> 'job' as job, (outcomes -> 0 ->> 'jobAttempt')::int as "jobAttempt"
          from webhook_deliveries where id in (${waiting}, ${failed}, ${redelivered}) order by id`,
    );
    expect(stored).toEqual([
      { job: waitingJob, jobAttempt: 2 },
      { job: failedJob, jobAttempt: 7 },
      { job: null, jobAttempt: null },
    ]);

    // The jobs go on: each waiting one runs when due, counting on from its attempts.
    await database.db.execute(sql`update jobs set run_at = now() where status = 'pending'`);
    const runner = createJobRunner({
      database,
      log: { info() {}, warn() {}, error() {} },
      jobs: [{ ...webhookKind, ...webhookJob({ database, policy: { publicOnly: false }, publicUrl: 'http://x' }) }],
    });
    expect(await runner.runDue()).toBe(3);
    expect(receiver.received.map((r) => r.error ?? r.mismatch)).toEqual([undefined, undefined, undefined]);
    const ran = await byId();
    expect(ran[waiting]).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(ran[waiting]!.outcomes).toHaveLength(2);
    expect(ran[fresh]).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(ran[redelivered]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(ran[failed]).toMatchObject({ status: 'failed', attempts: 7 });
  } finally {
    await database.close();
    await receiver.close();
  }
});
