import { expect, it, onTestFinished } from 'vitest';
import { createDb } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { createJobRunner } from '../jobs/runner';
import { startRunnerProcess } from '../../testing/runner-process';
import { createTestDatabase } from '../../testing/test-server';
import { eventProduct, startWebhookReceiver } from '../../testing/webhook-receiver';
import { webhookJob, webhookKind } from './delivery';
import { createWebhookEndpoint, listWebhookDeliveries } from './endpoint-service';
import { emitEvent } from './events';

// PostgreSQL only: an app instance is a process of its own, killed in the middle of an attempt.

const quiet = { info() {}, warn() {}, error() {} };

it('an attempt whose instance is killed mid-POST is made again once, by another instance, after its lease', async () => {
  const database = await createTestDatabase();
  const receiver = await startWebhookReceiver();
  onTestFinished(() => Promise.all([receiver.close(), database.close()]).then(() => {}));
  const endpoint = await createWebhookEndpoint(
    database.db,
    null,
    { url: receiver.url, events: ['product.updated'] },
    { publicOnly: false },
  );
  receiver.useSecret(endpoint.secret);
  await database.db.transaction((tx) => emitEvent(tx, 'product.updated', eventProduct));
  const leaseMs = 1000;
  // Another instance claims the delivery's job and hangs in its POST, renewing its lease, until it is SIGKILLed.
  const child = startRunnerProcess(database.url!, {
    imports: "import { webhookJob, webhookKind } from './src/server/webhooks/delivery.ts';",
    jobs: `[{ ...webhookKind, ...webhookJob({ database, policy: { publicOnly: false }, publicUrl: 'http://x', post: () => {
      process.stdout.write('posting\\n');
      return new Promise(() => {});
    } }) }]`,
    leaseMs,
  });
  const own = await createDb({ url: database.url, maxConnections: 5 });
  const survivor = createJobRunner({
    database: own,
    log: quiet,
    leaseMs,
    pollMs: 500,
    jobs: [{ ...webhookKind, ...webhookJob({ database: own, policy: { publicOnly: false }, publicUrl: 'http://x' }) }],
  });
  try {
    await expect.poll(child.output, { timeout: 20_000 }).toContain('posting');
    await survivor.start();
    // While the hanging instance renews its lease nobody else makes the attempt.
    await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
    expect(receiver.received).toHaveLength(0);
    const [pending] = await listWebhookDeliveries(database.db, endpoint.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0, outcomes: [] });

    await child.kill();
    await expect.poll(() => receiver.received.length, { timeout: 15_000, interval: 50 }).toBe(1);
    await expect
      .poll(async () => (await listWebhookDeliveries(database.db, endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    const [delivery] = await listWebhookDeliveries(database.db, endpoint.id);
    expect(delivery).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(delivery!.outcomes.map((o) => [o.attempt, o.statusCode, o.error])).toEqual([
      [1, null, 'This attempt did not finish: the app stopped while making it.'],
      [2, 200, null],
    ]);
    expect(receiver.received[0]!.error).toBeUndefined();
    // The job alone counted the attempts: two, the second done.
    expect(await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs)).toEqual([
      { status: 'done', attempts: 2 },
    ]);
    // Once only: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
    expect(receiver.received).toHaveLength(1);
  } finally {
    await child.kill();
    await survivor.stop();
    await own.close();
  }
});
