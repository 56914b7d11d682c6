import { sql } from 'drizzle-orm';
import { createDb, queryRows } from '../db/client';
import { jobs } from '../db/schema/index';
import { enqueue } from '../src/server/jobs/enqueue';
import { mailKind } from '../src/server/mail/delivery';
import { cpuMs, createBenchDatabase, loadAverage, percentile, runnerProcess } from './lib';

/** A runner whose `mail` handler does nothing, or prints `<job id> <epoch ms>` as each job starts. */
const mailRunner = (url: string, report: boolean) =>
  runnerProcess(
    url,
    "import { mailKind } from './src/server/mail/delivery.ts';",
    `[{ ...mailKind, run: async (_payload, job) => { ${report ? "process.stdout.write(job.id + ' ' + (performance.timeOrigin + performance.now()) + '\\n');" : ''} } }]`,
  );

// The job runner on PostgreSQL, each runner in its own process (an app instance):
// 1. drain: 20,000 queued jobs (a handler that does nothing), drained by 1 and then 2 runners; jobs/second.
// 2. latency: 2 runners idle and listening; jobs committed one per transaction at a steady 100/s for 10 s; time
//    from each commit returning to its handler starting (p50, p99).
const DRAIN_JOBS = 20_000;
const RATE = 100;
const SECONDS = 10;

const database = await createBenchDatabase('jobs');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  const count = async (status: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          db.db,
          sql`select count(*) as n from ${jobs} where status = ${status}::job_status`,
        )
      )[0]!.n,
    );

  for (const runners of [1, 2]) {
    await db.db.delete(jobs);
    for (let i = 0; i < DRAIN_JOBS; i += 500) {
      await db.db.transaction(async (tx) => {
        for (let j = 0; j < 500; j++)
          await enqueue(tx, mailKind, { to: `r${i + j}@example.com`, subject: 'S', text: 'T' });
      });
    }
    const processes = Array.from({ length: runners }, () => mailRunner(database.url, false));
    await Promise.all(processes.map((p) => p.ready));
    const cpuBefore = processes.map((p) => cpuMs(p.child.pid!));
    const started = performance.now();
    for (const p of processes) p.send('go');
    while ((await count('done')) < DRAIN_JOBS) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    // CPU the runner processes spent per job: steadier than jobs/s on a machine others are using.
    const cpuUs = (processes.reduce((sum, p, i) => sum + cpuMs(p.child.pid!) - cpuBefore[i]!, 0) * 1000) / DRAIN_JOBS;
    for (const p of processes) p.send('stop');
    console.log(
      `drain, ${runners} runner(s): ${DRAIN_JOBS} jobs in ${seconds.toFixed(2)} s = ${Math.round(DRAIN_JOBS / seconds)} jobs/s, runner CPU ${Math.round(cpuUs)} µs per job (load average ${loadAverage()})`,
    );
  }

  await db.db.delete(jobs);
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const processes = [mailRunner(database.url, true), mailRunner(database.url, true)];
  const startedAt = new Map<string, number>();
  for (const p of processes) {
    p.lines.on('line', (line) => {
      const [id, at] = line.split(' ');
      if (id && at) startedAt.set(id, Number(at));
    });
  }
  await Promise.all(processes.map((p) => p.ready));
  for (const p of processes) p.send('go');
  await new Promise((r) => setTimeout(r, 1000));
  const begin = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    // A steady rate: each job at its own time slot, not as fast as possible.
    const due = begin + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = await db.db.transaction((tx) =>
      enqueue(tx, mailKind, { to: `l${i}@example.com`, subject: 'S', text: 'T' }),
    );
    committedAt.set(id, performance.timeOrigin + performance.now());
  }
  while (startedAt.size < committedAt.size) await new Promise((r) => setTimeout(r, 50));
  for (const [id, at] of committedAt) latencies.push(startedAt.get(id)! - at);
  for (const p of processes) p.send('stop');
  console.log(
    `latency, 2 runners, ${RATE} jobs/s for ${SECONDS} s: commit → start p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (load average ${loadAverage()})`,
  );
  console.log(`jobs left pending: ${await count('pending')}`);
  await db.close();
} finally {
  await database.drop();
}
