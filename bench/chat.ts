import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { seedDemoData } from '../src/server/demo/seed';
import { createSession, SESSION_COOKIE } from '../src/server/auth/sessions';
import { openChatStream, type ChatStream } from '../src/testing/live-server';
import { allPermissions } from '../src/shared/roles';
import { createBenchDatabase, percentile, startServer } from './lib';

// Live chat on two app instances sharing one PostgreSQL:
// 1. fan-out: 500 open streams (250 per instance, staff inboxes, so each receives every message); one message
//    sent through the first instance; time from sending to arrival on every stream, 20 rounds.
// 2. throughput: 50 senders (customers, each with their widget open) writing as fast as they are answered for
//    10 s through both instances, with 500 streams open (490 customer widgets, 10 staff inboxes); messages/s,
//    send latency, and delivery latency to the staff inboxes.
const STREAMS = 500;
const ROUNDS = 20;
const SENDERS = 50;
const SECONDS = 10;
// 30 messages a minute per person: each sender loop writes as a rotating pool of customers.
const CUSTOMERS_PER_SENDER = 20;

const ms = (v: number) => Math.round(v * 10) / 10;

const database = await createBenchDatabase('chat');
const streams: ChatStream[] = [];
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  const staff = await db.db
    .insert(users)
    .values({
      email: 'bench-staff@example.com',
      firstName: 'Bench',
      lastName: 'Staff',
      role: 'admin',
      permissions: allPermissions,
    })
    .returning();
  const staffCookie = `${SESSION_COOKIE}=${(await createSession(db.db, staff[0]!.id)).token}`;
  const customerRows = await db.db
    .insert(users)
    .values(
      Array.from({ length: SENDERS * CUSTOMERS_PER_SENDER }, (_, i) => ({
        email: `bench-customer-${i}@example.com`,
        firstName: 'Customer',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const customerCookies = await Promise.all(
    customerRows.map(async (c) => `${SESSION_COOKIE}=${(await createSession(db.db, c.id)).token}`),
  );
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
  };
  const instances = [await startServer('src/server/main.ts', env), await startServer('src/server/main.ts', env)];
  const send = (i: number, cookie: string, body: Record<string, unknown>) =>
    fetch(`${instances[i % 2]!.url}/api/chat/messages`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function openStreams(cookies: string[]) {
    const opened: ChatStream[] = [];
    for (let i = 0; i < cookies.length; i += 50) {
      const batch = await Promise.all(
        cookies.slice(i, i + 50).map((cookie, j) => openChatStream(instances[(i + j) % 2]!.url, cookie)),
      );
      await Promise.all(batch.map((s) => s.waitFor((e) => e.event.type === 'unread', 30_000)));
      opened.push(...batch);
    }
    streams.push(...opened);
    return opened;
  }

  // 1. One message to 500 streams.
  const inboxes = await openStreams(Array.from({ length: STREAMS }, () => staffCookie));
  const fanOut: number[] = [];
  const lastArrival: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const text = `fan-out ${round}`;
    const sentAt = performance.now();
    const res = await send(0, customerCookies[round]!, { receiverId: 'admin', message: text });
    if (res.status !== 200) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    const arrivals = await Promise.all(inboxes.map((s) => s.waitForMessage(text, 10_000)));
    const delays = arrivals.map((e) => e.receivedAt - sentAt);
    fanOut.push(...delays);
    lastArrival.push(Math.max(...delays));
  }
  await Promise.all(inboxes.map((s) => s.close()));
  console.log(
    `\nOne message fan-out to ${STREAMS} open streams on 2 instances (${ROUNDS} rounds, ${fanOut.length} deliveries)`,
  );
  console.table({
    'send → arrival (ms)': {
      p50: ms(percentile(fanOut, 50)),
      p90: ms(percentile(fanOut, 90)),
      p99: ms(percentile(fanOut, 99)),
      max: ms(Math.max(...fanOut)),
    },
    'send → last stream (ms)': {
      p50: ms(percentile(lastArrival, 50)),
      p90: ms(percentile(lastArrival, 90)),
      p99: ms(percentile(lastArrival, 99)),
      max: ms(Math.max(...lastArrival)),
    },
  });

  // 2. 50 senders for 10 s, 500 streams open.
  const staffInboxes = await openStreams(Array.from({ length: 10 }, () => staffCookie));
  await openStreams(customerCookies.slice(0, STREAMS - 10));
  const sentAtByText = new Map<string, number>();
  const sendLatency: number[] = [];
  let sent = 0;
  let refused = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const cookie = customerCookies[sender * CUSTOMERS_PER_SENDER + (n % CUSTOMERS_PER_SENDER)]!;
        const text = `s${sender}-${n}`;
        const t0 = performance.now();
        sentAtByText.set(text, t0);
        const res = await send(sender + n, cookie, { receiverId: 'admin', message: text });
        await res.arrayBuffer();
        sendLatency.push(performance.now() - t0);
        if (res.status === 200) sent++;
        else refused++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Every accepted message must reach every staff inbox.
  await Promise.all(
    staffInboxes.map((s) => s.waitFor(() => s.events.filter((e) => e.event.type === 'message').length >= sent, 30_000)),
  );
  const delivery = staffInboxes.flatMap((s) =>
    s.events.flatMap((e) =>
      e.event.type === 'message' && sentAtByText.has(e.event.message.message)
        ? [e.receivedAt - sentAtByText.get(e.event.message.message)!]
        : [],
    ),
  );
  console.log(
    `\n${SENDERS} senders for ${SECONDS} s through 2 instances, ${STREAMS} streams open (10 staff inboxes, ${STREAMS - 10} customer widgets)`,
  );
  console.table({
    messages: { accepted: sent, refused, 'per second': Math.round(sent / elapsed) },
    'send latency (ms)': { p50: ms(percentile(sendLatency, 50)), p99: ms(percentile(sendLatency, 99)) },
    'send → staff inbox (ms)': {
      p50: ms(percentile(delivery, 50)),
      p99: ms(percentile(delivery, 99)),
      max: ms(Math.max(...delivery)),
    },
  });

  await Promise.all(streams.map((s) => s.close()));
  for (const instance of instances) await instance.stop();
} finally {
  await Promise.all(streams.map((s) => s.close()));
  await database.drop();
}
