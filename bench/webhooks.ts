import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { createDb, queryRows, type Tx } from '../db/client';
import { jobs, products, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/index';
import { productColumns } from '../src/server/catalog/catalog-rows';
import { emitEvent } from '../src/server/webhooks/events';
import { createBenchDatabase, databaseCpuMs, loadAverage, percentile, runnerProcess, treeCpuMs } from './lib';

// Webhook delivery on PostgreSQL: the app's `webhook` job (signing, POST, recording the outcome) run by 2 job runners,
// each in its own process as app instances would be, to 3 local HTTP receivers answering 200 at once.
// 1. steady: a product write with its event started every 10 ms (100 events/s, not waiting for the one before) for
//    10 s, on 20 products in turn, the events taking turns among 3 types, each type subscribed by one receiver's
//    endpoint; from each commit returning to its receiver getting the POST (p50, p99).
// 2. backlog: 10,000 events committed while no runner runs, then 2 runners start: from `go` until the receivers have
//    all of them.
// 3. emit cost: the same write transaction (lock the product row, update it) alone, with emitEvent for a type no
//    endpoint wants (the one look-up every write pays), and for a type all 3 endpoints want (the event, 3
//    deliveries and 3 jobs written too); rounds alternate the three, no runner running; p50 of each.
// For 1 and 2, what a delivery costs: the runners' CPU (both processes) and PostgreSQL's (this database's
// backends, in 1 the writes' statements too), per delivery, from the first write (1) or the runners' start (2) to
// the last delivery received; the receivers are not counted.
const RATE = 100;
// The first seconds of a fresh runner run before V8 has optimised its path (runners' CPU a delivery over 10 s was
// a fifth to a half above that over 30-40 s): BENCH_STEADY_SECONDS=30 measures the warmed runner better.
const SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const BACKLOG = 10_000;
const EMIT_ROUNDS = 1_000;
const TYPES = ['product.created', 'product.updated', 'product.deleted'] as const;
const WRITERS = 20;

/** A receiver: answers 200 at once and notes when each event arrived, by the number in its product's name. */
async function startReceiver(arrived: Map<number, number>) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { name: string } };
      arrived.set(Number(data.name.slice(1)), at);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

const webhookRunner = (url: string) =>
  runnerProcess(
    url,
    "import { webhookJob, webhookKind } from './src/server/webhooks/delivery.ts';",
    "[{ ...webhookKind, ...webhookJob({ database, policy: { publicOnly: false }, publicUrl: 'http://localhost' }) }]",
  );

const database = await createBenchDatabase('webhooks');
console.log(
  'Changed default: the runners deliver to receivers on loopback, as WEBHOOK_ALLOW_PRIVATE=true lets them (by default only public https addresses are delivered to).',
);
/** Starts counting the runners' and this database's CPU; the answer says it per delivery once they are made. */
function deliveryCost(runners: ReturnType<typeof webhookRunner>[]) {
  const runnersCpu = () => runners.reduce((sum, r) => sum + treeCpuMs(r.child.pid!), 0);
  const [runnersBefore, databaseBefore] = [runnersCpu(), databaseCpuMs(database.name)];
  return (deliveries: number) => {
    const perDelivery = (ms: number) => `${Math.round((ms / deliveries) * 1000)} µs`;
    return `runners ${perDelivery(runnersCpu() - runnersBefore)}, PostgreSQL ${perDelivery(databaseCpuMs(database.name) - databaseBefore)}`;
  };
}
const arrived = new Map<number, number>();
const receivers = await Promise.all(TYPES.map(() => startReceiver(arrived)));
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  // Writes in flight at once each change their own product, as different staff would: one row would queue them all
  // on its lock.
  const productIds = (
    await db.db
      .insert(products)
      .values(Array.from({ length: WRITERS }, (_, i) => ({ name: `e${i}`, price: '10.00' })))
      .returning({ id: products.id })
  ).map((p) => p.id);

  /** The write: a product row locked, changed and read back, as updateProduct does; `n` names the event. */
  const write = async (tx: Tx, n: number) => {
    const productId = productIds[n % WRITERS]!;
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [row] = await tx
      .update(products)
      .set({ name: `e${n}`, inventory: n % 1000, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning(productColumns);
    return row!;
  };
  const deliveredCount = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          db.db,
          sql`select count(*) as n from ${webhookDeliveries} where ${webhookDeliveries.outcomes} -> -1 -> 'error' = 'null'`,
        )
      )[0]!.n,
    );
  const clear = async () => {
    await db.db.delete(webhookEvents);
    await db.db.delete(jobs);
    arrived.clear();
  };
  // A delivery that never arrives would otherwise keep the run waiting for ever.
  const waitFor = async (done: () => boolean) => {
    const deadline = performance.now() + 300_000;
    while (!done()) {
      if (performance.now() > deadline) throw new Error(`only ${arrived.size} events arrived within 300 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // 3. The emit cost first: the three endpoints all listen to 'product.updated' only, so 'product.created' finds
  // none. The steady and backlog parts below give each endpoint one type of its own.
  const endpoints = await db.db
    .insert(webhookEndpoints)
    .values(receivers.map((r) => ({ url: r.url, events: ['product.updated'], secret: `whsec_${'A'.repeat(44)}` })))
    .returning({ id: webhookEndpoints.id });
  const variants = {
    'write alone': async (tx: Tx, n: number) => {
      await write(tx, n);
    },
    'write + emitEvent, no endpoint listening': async (tx: Tx, n: number) =>
      emitEvent(tx, 'product.created', await write(tx, n)),
    'write + emitEvent, 3 endpoints listening': async (tx: Tx, n: number) =>
      emitEvent(tx, 'product.updated', await write(tx, n)),
  };
  const names = Object.keys(variants) as (keyof typeof variants)[];
  const timings = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    keyof typeof variants,
    number[]
  >;
  for (let round = 0; round < EMIT_ROUNDS; round++) {
    // Each round runs the three in another order, so a busy moment on the machine falls on all of them alike.
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      const started = performance.now();
      await db.db.transaction((tx) => variants[name](tx, round));
      timings[name].push(performance.now() - started);
    }
  }
  const bare = percentile(timings['write alone'], 50);
  for (const name of names) {
    const p50 = percentile(timings[name], 50);
    console.log(
      `emit cost, ${name}: p50 ${p50.toFixed(2)} ms (+${(p50 - bare).toFixed(2)} ms), p99 ${percentile(timings[name], 99).toFixed(2)} ms, ${EMIT_ROUNDS} writes (load average ${loadAverage()})`,
    );
  }
  await clear();

  // One type per endpoint from here on: each event is one delivery, to one of the 3 receivers in turn.
  for (const [i, endpoint] of endpoints.entries())
    await db.db
      .update(webhookEndpoints)
      .set({ events: [TYPES[i]!] })
      .where(eq(webhookEndpoints.id, endpoint.id));
  const emit = (tx: Tx, n: number) => write(tx, n).then((row) => emitEvent(tx, TYPES[n % TYPES.length]!, row));

  // 1. Steady rate.
  const runners = [webhookRunner(database.url), webhookRunner(database.url)];
  await Promise.all(runners.map((r) => r.ready));
  for (const r of runners) r.send('go');
  await new Promise((r) => setTimeout(r, 1000));
  const steadyCost = deliveryCost(runners);
  const committedAt = new Map<number, number>();
  const writes: Promise<void>[] = [];
  const begin = performance.now();
  for (let n = 0; n < RATE * SECONDS; n++) {
    // Each event at its own time slot, whether or not the writes before it have committed (an app's writes come
    // from many requests at once), not as fast as possible.
    const wait = begin + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    writes.push(db.db.transaction((tx) => emit(tx, n)).then(() => void committedAt.set(n, performance.now())));
  }
  await Promise.all(writes);
  // The rate the commits kept: below 100/s when the machine could not commit them as fast as they came.
  const kept = (RATE * SECONDS) / ((performance.now() - begin) / 1000);
  await waitFor(() => arrived.size >= committedAt.size);
  const latencies = [...committedAt].map(([n, at]) => arrived.get(n)! - at);
  console.log(
    `steady, ${RATE} events/s for ${SECONDS} s (${kept.toFixed(0)}/s kept) to 3 receivers, 2 runners: commit → received p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (load average ${loadAverage()})`,
  );
  console.log(`p99 delivery latency: ${Math.round(percentile(latencies, 99))} ms`);
  console.log(`steady, CPU a delivery: ${steadyCost(committedAt.size)} (the writes' statements too)`);
  for (const r of runners) r.send('stop');
  await Promise.all(runners.map((r) => r.exited));
  await clear();

  // 2. Backlog.
  for (let n = 0; n < BACKLOG; n += 500) {
    await db.db.transaction(async (tx) => {
      for (let k = n; k < n + 500; k++) await emit(tx, k);
    });
  }
  const drainers = [webhookRunner(database.url), webhookRunner(database.url)];
  await Promise.all(drainers.map((r) => r.ready));
  const backlogCost = deliveryCost(drainers);
  const started = performance.now();
  for (const r of drainers) r.send('go');
  await waitFor(() => arrived.size >= BACKLOG);
  const seconds = (performance.now() - started) / 1000;
  const backlogCpu = backlogCost(BACKLOG);
  for (const r of drainers) r.send('stop');
  await Promise.all(drainers.map((r) => r.exited));
  console.log(
    `drained ${arrived.size} events in ${seconds.toFixed(1)} s (${Math.round(arrived.size / seconds)} deliveries/s, 2 runners; load average ${loadAverage()})`,
  );
  console.log(`backlog, CPU a delivery: ${backlogCpu}`);
  console.log(`deliveries recorded delivered: ${await deliveredCount()} of ${BACKLOG}`);
  await db.close();
} finally {
  for (const r of receivers) r.server.close();
  await database.drop();
}
