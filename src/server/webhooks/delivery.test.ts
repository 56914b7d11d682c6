import { eq } from 'drizzle-orm';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client';
import { jobs, users, webhookEndpoints } from '../../../db/schema/index';
import { createJobRunner } from '../jobs/runner';
import { createTestDatabase, queuedMail } from '../../testing/test-server';
import { checkDestination, isPublicAddress } from './destination';
import { DISABLE_AFTER_FAILURES, RETRY_SCHEDULE_MS, webhookJob, webhookKind } from './delivery';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  retryWebhookDelivery,
  updateWebhookEndpoint,
} from './endpoint-service';
import { emitEvent } from './events';
import { eventProduct as product, startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';

let database: Database;
let receiver: WebhookReceiver;
beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(webhookEndpoints);
  receiver.received.length = 0;
});

const quiet = { info() {}, warn() {}, error() {} };
const devPolicy = { publicOnly: false };
const runner = () =>
  createJobRunner({
    database,
    log: quiet,
    jobs: [{ ...webhookKind, ...webhookJob({ database, policy: devPolicy, publicUrl: 'http://localhost:3000' }) }],
  });

async function endpointAt(url = receiver.url) {
  const endpoint = await createWebhookEndpoint(database.db, null, { url, events: ['product.updated'] }, devPolicy);
  receiver.useSecret(endpoint.secret);
  return endpoint;
}

/** Makes the delivery's pending job due now, as if its wait had passed. */
const skipWait = () => database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });

async function onlyDelivery(endpointId: string) {
  const [delivery] = await listWebhookDeliveries(database.db, endpointId);
  return delivery!;
}

describe('delivery', () => {
  it('retries after about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then is failed; every attempt is signed', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const jobRunner = runner();
    const expected = [5, 300, 1800, 7200, 18000, 36000];
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual(expected);
    for (let attempt = 1; attempt <= 7; attempt++) {
      receiver.answerNext(503);
      const before = Date.now();
      expect(await jobRunner.runDue()).toBe(0);
      const after = Date.now();
      const delivery = await onlyDelivery(endpoint.id);
      expect(delivery).toMatchObject({
        attempts: attempt,
        lastStatusCode: 503,
        lastError: 'The endpoint answered 503.',
        status: attempt === 7 ? 'failed' : 'pending',
        deliveredAt: null,
      });
      const [job] = await database.db.select().from(jobs);
      if (attempt < 7) {
        // Counted from the attempt, which ran between `before` and `after` (long on a busy machine).
        const nextAt = new Date(delivery.nextAttemptAt!).getTime();
        expect((nextAt - before) / 1000).toBeGreaterThanOrEqual(expected[attempt - 1]! - 1);
        expect((nextAt - after) / 1000).toBeLessThanOrEqual(expected[attempt - 1]! + 2);
        expect(Math.abs(job!.runAt.getTime() - new Date(delivery.nextAttemptAt!).getTime())).toBeLessThan(2000);
        // Not due again before its time.
        expect(await jobRunner.runDue()).toBe(0);
        expect(receiver.received).toHaveLength(attempt);
        await skipWait();
      } else {
        expect(delivery.nextAttemptAt).toBeNull();
        expect(job!.status).toBe('failed');
      }
    }
    expect(receiver.received).toHaveLength(7);
    // The delivery keeps each attempt's outcome; the job kept the count that decided the retries.
    const failed = await onlyDelivery(endpoint.id);
    expect(failed.outcomes.map((o) => [o.attempt, o.statusCode, o.error])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [n, 503, 'The endpoint answered 503.']),
    );
    expect(failed.outcomes.map((o) => o.at)).toEqual(failed.outcomes.map((o) => o.at).sort());
    expect(await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs)).toEqual([
      { status: 'failed', attempts: 7 },
    ]);
    // The same webhook-id on every attempt, each verified by standardwebhooks with its own timestamp.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of receiver.received) {
      expect(r.error).toBeUndefined();
      expect(r.payload).toMatchObject({ type: 'product.updated', data: product });
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }

    // Redeliver queues a fresh attempt, with its own schedule after it.
    const retried = await retryWebhookDelivery(database.db, (await onlyDelivery(endpoint.id)).id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 7 });
    expect(await jobRunner.runDue()).toBe(1);
    const delivered = await onlyDelivery(endpoint.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 8,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: delivered.outcomes[7]!.at,
    });
    expect(delivered.outcomes.at(-1)).toEqual({ attempt: 8, at: expect.any(String), statusCode: 200, error: null });
  });

  it('Redeliver while a retry waits: the waiting job is cancelled and a fresh one starts the schedule over', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const jobRunner = runner();
    for (const _ of [1, 2]) {
      receiver.answerNext(500);
      await jobRunner.runDue();
      await skipWait();
    }
    await database.db.update(jobs).set({ runAt: new Date(Date.now() + 300_000) });
    const waiting = await onlyDelivery(endpoint.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2 });

    const retried = await retryWebhookDelivery(database.db, waiting.id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Math.abs(new Date(retried.nextAttemptAt!).getTime() - Date.now())).toBeLessThan(2000);
    const ledger = () =>
      database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).orderBy(jobs.createdAt);
    expect(await ledger()).toEqual([
      { status: 'cancelled', attempts: 2 },
      { status: 'pending', attempts: 0 },
    ]);

    receiver.answerNext(500);
    const before = Date.now();
    expect(await jobRunner.runDue()).toBe(0);
    const again = await onlyDelivery(endpoint.id);
    // The fresh job's first failure waits the schedule's first step (5 s), not the third.
    expect(again).toMatchObject({ status: 'pending', attempts: 3, lastStatusCode: 500 });
    const waitS = (new Date(again.nextAttemptAt!).getTime() - before) / 1000;
    expect(waitS).toBeGreaterThanOrEqual(4);
    expect(waitS).toBeLessThanOrEqual(7);
    expect(await ledger()).toEqual([
      { status: 'cancelled', attempts: 2 },
      { status: 'pending', attempts: 1 },
    ]);
    expect(receiver.received).toHaveLength(3);
  });

  it('an attempt cut off mid-run is made again once its lease ends, and the log says it was cut off', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    // As if an instance had claimed the job and died mid-attempt: attempts counted, lease run out, no outcome.
    await database.db.update(jobs).set({ attempts: 1, lockedUntil: new Date(Date.now() - 1000) });
    expect(await runner().runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const delivery = await onlyDelivery(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(delivery.outcomes).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        statusCode: null,
        error: 'This attempt did not finish: the app stopped while making it.',
      },
      { attempt: 2, at: expect.any(String), statusCode: 200, error: null },
    ]);
    expect(await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs)).toEqual([
      { status: 'done', attempts: 2 },
    ]);
  });

  it('a delivery whose endpoint is disabled while a retry waits ends failed, without sending', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const jobRunner = runner();
    receiver.answerNext(500);
    await jobRunner.runDue();
    await updateWebhookEndpoint(database.db, null, { id: endpoint.id, isActive: false }, devPolicy);
    await skipWait();
    expect(await jobRunner.runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const delivery = await onlyDelivery(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'The endpoint is disabled.',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    await expect(retryWebhookDelivery(database.db, delivery.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a receiver that fails once gets the retry, and the delivery ends delivered', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const jobRunner = runner();
    receiver.answerNext(500);
    await jobRunner.runDue();
    expect(await onlyDelivery(endpoint.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    await skipWait();
    expect(await jobRunner.runDue()).toBe(1);
    const delivery = await onlyDelivery(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(delivery.deliveredAt).not.toBeNull();
    expect(receiver.received.map((r) => r.payload?.id)).toEqual([delivery.eventId, delivery.eventId]);
    // Delivered means done: running the job again (at least once) sends nothing more.
    await database.db.update(jobs).set({ status: 'pending', runAt: new Date(Date.now() - 1000) });
    await jobRunner.runDue();
    expect(receiver.received).toHaveLength(2);
  });

  it('does not follow redirects, and records an endpoint that cannot be reached', async () => {
    const redirected = await endpointAt();
    receiver.answerNext(302);
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    await runner().runDue();
    expect(await onlyDelivery(redirected.id)).toMatchObject({
      status: 'pending',
      lastStatusCode: 302,
      lastError: 'The endpoint answered 302 (redirects are not followed).',
    });

    await database.db.delete(webhookEndpoints);
    const unreachable = await endpointAt('http://127.0.0.1:9/hooks');
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    await runner().runDue();
    // A sentence, not the system's errno text: the log must not tell a closed port from an open one.
    expect(await onlyDelivery(unreachable.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'The destination refused the connection or could not be reached.',
    });
  });

  it(`switches an endpoint off after ${DISABLE_AFTER_FAILURES} failed deliveries in a row and mails the admins`, async () => {
    await database.db
      .insert(users)
      .values({ email: 'owner@example.com', firstName: 'O', lastName: 'W', role: 'admin' });
    const endpoint = await endpointAt();
    await database.db
      .update(webhookEndpoints)
      .set({ failuresInARow: DISABLE_AFTER_FAILURES - 1 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const jobRunner = runner();
    for (let attempt = 1; attempt <= 7; attempt++) {
      receiver.answerNext(500);
      await jobRunner.runDue();
      await database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.kind, 'webhook'));
    }
    const [row] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ isActive: false, failuresInARow: DISABLE_AFTER_FAILURES });
    const [mail] = await queuedMail(database.db, 'owner@example.com');
    expect(mail).toMatchObject({ subject: 'A webhook endpoint was disabled' });
    expect(mail!.text).toContain(receiver.url);
    expect(mail!.text).toContain('http://localhost:3000/admin/integrations');
    // A disabled endpoint is sent nothing more.
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    expect(await listWebhookDeliveries(database.db, endpoint.id)).toHaveLength(1);
  });

  it('deliveries attempted together each keep their own outcome: the failing ones are retried, the rest are done', async () => {
    const reached = await endpointAt();
    const unreachable = await endpointAt('http://127.0.0.1:9/hooks');
    receiver.useSecret(reached.secret);
    // The reached endpoint had a run of failures; a delivery in the batch ends it, the other's failures don't count
    // until they fail for good.
    await database.db.update(webhookEndpoints).set({ failuresInARow: 3 });
    for (const _ of [1, 2, 3]) await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    expect(await runner().runDue()).toBe(3);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.error === undefined)).toBe(true);
    for (const delivery of await listWebhookDeliveries(database.db, reached.id))
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    for (const delivery of await listWebhookDeliveries(database.db, unreachable.id))
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'The destination refused the connection or could not be reached.',
      });
    const runs = await database.db
      .select({ id: webhookEndpoints.id, failures: webhookEndpoints.failuresInARow })
      .from(webhookEndpoints);
    expect(Object.fromEntries(runs.map((r) => [r.id, r.failures]))).toEqual({ [reached.id]: 0, [unreachable.id]: 3 });
    const ledger = await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs);
    expect(ledger.filter((j) => j.status === 'done')).toHaveLength(3);
    expect(ledger.filter((j) => j.status === 'pending' && j.attempts === 1)).toHaveLength(3);
  });
});

describe('destinations in production', () => {
  const strict = { publicOnly: true };
  afterEach(() => vi.restoreAllMocks());

  // Every way of writing an address that is not on the public internet, as URLs (the WHATWG parser turns
  // decimal, octal and hex IPv4 forms into dotted ones, as the delivery's own request does).
  const inside = [
    ...['127.0.0.1', '127.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.0.1'],
    ...['192.168.255.255', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3'],
    // IETF protocol assignments, documentation (TEST-NET-1/2/3), the old 6to4 relay, benchmarking, multicast,
    // reserved, broadcast, AS112 and AMT.
    ...['192.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '198.18.0.1', '224.0.0.1'],
    ...['239.255.255.250', '240.0.0.1', '255.255.255.255', '192.175.48.1', '192.52.193.1'],
    // 127.0.0.1, 192.168.0.1 and 169.254.169.254 written as one number, in octal, in hex, or shortened.
    ...['2130706433', '017700000001', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '127.1', '0', '3232235521'],
    ...['0xa9.0xfe.0xa9.0xfe', '0251.0376.0251.0376'],
    ...['[::1]', '[::]', '[0:0:0:0:0:0:0:1]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[febf::1]', '[fec0::1]'],
    ...['[ff02::1]', '[ff05::2]', '[2001:db8::1]', '[100::1]', '[2001:2::1]'],
    // IPv4-mapped, -compatible and -translated (SIIT) forms of inside IPv4 addresses.
    ...['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:10.0.0.1]', '[::ffff:169.254.169.254]', '[::127.0.0.1]'],
    ...['[::10.0.0.1]', '[::ffff:0:7f00:1]'],
    // NAT64 (well-known and local-use prefixes, the IPv4 address at each place a local-use prefix puts it).
    ...['[64:ff9b::127.0.0.1]', '[64:ff9b::a9fe:a9fe]', '[64:ff9b:1::7f00:1]', '[64:ff9b:1:7f00:0:100:808:808]'],
    // 6to4, and Teredo with an inside client (inverted in the last 32 bits) or an inside server.
    ...['[2002:7f00:1::1]', '[2002:a9fe:a9fe::1]', '[2002:c0a8:1::1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'],
    '[2001:0:a00:1:8000:63bf:f7f7:f7f7]',
    // Host names that resolve to this machine.
    'localhost',
    os.hostname(),
  ];
  const outside = [
    ...['93.184.216.34', '8.8.8.8', '[2606:4700:4700::1111]', '[::ffff:8.8.8.8]', '[64:ff9b::808:808]'],
    ...['[2002:808:808::1]', '[2001:0:4136:e378:8000:63bf:f7f7:f7f7]'],
  ];

  it(`refuses ${inside.length} ways of pointing inside at registration, with 400 and a sentence`, async () => {
    expect(inside.length).toBeGreaterThanOrEqual(66);
    await expect(checkDestination('http://93.184.216.34/hook', strict)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Webhook URLs must use https.',
    });
    for (const host of inside) {
      const url = `https://${host}/hook`;
      await expect(checkDestination(url, strict), url).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Webhook URLs must point to a public internet address.',
      });
    }
    for (const host of outside)
      await expect(checkDestination(`https://${host}/hook`, strict), host).resolves.toBeUndefined();
    // Outside production (or with WEBHOOK_ALLOW_PRIVATE=true) the demo's local receivers are fine.
    await expect(checkDestination('http://127.0.0.1:4000/hook', devPolicy)).resolves.toBeUndefined();
  });

  it('says "calendar address" when the same rule refuses a calendar', async () => {
    await expect(checkDestination('http://93.184.216.34/x.ics', strict, 'calendar')).rejects.toMatchObject({
      message: 'Calendar addresses must use https.',
    });
    await expect(checkDestination('https://127.0.0.1/x.ics', strict, 'calendar')).rejects.toMatchObject({
      message: 'Calendar addresses must point to a public internet address.',
    });
  });

  it('tells public addresses from inside ones, and never allows an address of this machine', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', 'fd00::1', '::ffff:127.0.0.1', 'fe80::1%eth0', 'not-an-address', '0x7f.1'])
      expect(isPublicAddress(address), address).toBe(false);
    // A machine with a public address of its own: that address (and its IPv6 forms) is the app itself.
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [
        {
          address: '93.184.216.34',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:01',
          internal: false,
          cidr: '93.184.216.34/24',
        },
      ],
    });
    for (const address of ['93.184.216.34', '::ffff:93.184.216.34', '64:ff9b::5db8:d822'])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
  });

  it('checks again after DNS at delivery time: an endpoint that points inside is not sent to', async () => {
    const endpoint = await endpointAt();
    await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
    const strictRunner = () =>
      createJobRunner({
        database,
        log: quiet,
        jobs: [{ ...webhookKind, ...webhookJob({ database, policy: strict, publicUrl: 'http://localhost:3000' }) }],
      });
    await strictRunner().runDue();
    expect(receiver.received).toHaveLength(0);
    expect(await onlyDelivery(endpoint.id)).toMatchObject({
      status: 'pending',
      lastError: 'Webhook URLs must use https.',
    });

    // Registered while the name pointed outside; it now resolves to this machine. Literal addresses too.
    const port = new URL(receiver.url).port;
    for (const host of ['localhost', os.hostname(), '127.0.0.1', '[::ffff:127.0.0.1]', '[2002:7f00:1::1]']) {
      await database.db.delete(webhookEndpoints);
      const inside = await endpointAt(`https://${host}:${port}/hooks`);
      await database.db.transaction((tx) => emitEvent(tx, 'product.updated', product));
      await strictRunner().runDue();
      expect(await onlyDelivery(inside.id), host).toMatchObject({
        status: 'pending',
        lastStatusCode: null,
        lastError: "The destination's address is not allowed.",
      });
    }
    expect(receiver.received).toHaveLength(0);
  });
});
