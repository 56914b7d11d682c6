import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, queryRows, type Database } from '../../../db/client';
import { rateLimits } from '../../../db/schema/index';
import { buildApp } from '../app';
import { signInAs, testEnv, useTestServer } from '../../testing/test-server';
import { openChatStream, type ChatStream } from '../../testing/live-server';
import type { SessionUser } from '../auth/sessions';
import { ChatHub } from './chat-hub';
import { chatEvents, SESSION_RECHECK_MS } from './chat-stream';

// Live chat across two app instances on one database (on PostgreSQL each has its own pool and its own
// LISTEN connection; on PGlite they share the embedded database): what is said through one reaches streams
// open on the other, and a stream that reconnects misses nothing.
const first = useTestServer();
let secondDatabase: Database;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondUrl: string;
const streams: ChatStream[] = [];

beforeAll(async () => {
  secondDatabase = first.database.url ? await createDb({ url: first.database.url, maxConnections: 5 }) : first.database;
  second = await buildApp({ database: secondDatabase, env: testEnv() });
  secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await second.close();
  if (secondDatabase !== first.database) await secondDatabase.close();
});
beforeEach(async () => {
  await first.db.delete(rateLimits);
});

async function open(baseUrl: string, cookie: string, opts?: Parameters<typeof openChatStream>[2]) {
  const stream = await openChatStream(baseUrl, cookie, opts);
  streams.push(stream);
  expect(stream.status).toBe(200);
  // The stream has started (and is subscribed) once its first event, the unread count, has arrived.
  await stream.waitFor((e) => e.event.type === 'unread');
  return stream;
}

const say = (baseUrl: string, cookie: string, body: Record<string, unknown>) =>
  fetch(`${baseUrl}/api/chat/messages`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function people() {
  const customer = await signInAs(first.database, 'customer', { firstName: 'Casey' });
  const other = await signInAs(first.database, 'customer', { firstName: 'Other' });
  const staff = await signInAs(first.database, 'employee', { permissions: ['chat.view', 'chat.respond'] });
  return { customer, other, staff };
}

describe('live chat stream', () => {
  it('is an uncompressed, unbuffered event stream that starts with the unread count', async () => {
    const { customer } = await people();
    const stream = await openChatStream(first.baseUrl, customer.cookie, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    streams.push(stream);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('content-encoding')).toBeNull();
    const first_ = await stream.waitFor(() => true);
    expect(first_.event).toEqual({ type: 'unread', count: 0 });
    expect(first_.id).toMatch(/^\d+$/);
  });

  it('refuses anonymous callers: the stream carries the error and ends', async () => {
    const res = await fetch(`${first.baseUrl}/api/trpc/chat.events?input=%7B%7D`, {
      headers: { accept: 'text/event-stream' },
    });
    const body = await res.text();
    expect(body).toContain('event: serialized-error');
    expect(body).toContain('"code":"UNAUTHORIZED"');
    expect(body).not.toMatch(/"type":"(message|unread)"/);
  });

  it('brings a message sent through one instance to streams on the other within a second, and only to those who may see it', async () => {
    const { customer, other, staff } = await people();
    const staffStream = await open(secondUrl, staff.cookie);
    const customerStream = await open(secondUrl, customer.cookie);
    const otherStream = await open(secondUrl, other.cookie);
    const sentAt = performance.now();
    expect(
      (await say(first.baseUrl, customer.cookie, { receiverId: 'admin', message: 'Is anyone there?' })).status,
    ).toBe(200);
    const atStaff = await staffStream.waitForMessage('Is anyone there?', 1000);
    const atCustomer = await customerStream.waitForMessage('Is anyone there?', 1000);
    expect(atStaff.receivedAt - sentAt).toBeLessThan(1000);
    expect(atStaff.event).toMatchObject({
      type: 'message',
      message: { senderId: customer.user.id, customerId: customer.user.id, sender: { firstName: 'Casey' } },
    });
    expect(atStaff.id).toBe(atCustomer.id);

    // The answer, through the other instance, reaches the customer on the first.
    const customerOnFirst = await open(first.baseUrl, customer.cookie);
    const answeredAt = performance.now();
    expect((await say(secondUrl, staff.cookie, { receiverId: customer.user.id, message: 'Yes, hello!' })).status).toBe(
      200,
    );
    const answer = await customerOnFirst.waitForMessage('Yes, hello!', 1000);
    expect(answer.receivedAt - answeredAt).toBeLessThan(1000);

    // Another customer's stream hears nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(otherStream.events.filter((e) => e.event.type === 'message')).toEqual([]);
  });

  it('sends the reader a new unread count when they read on another device', async () => {
    const { customer, staff } = await people();
    await say(first.baseUrl, staff.cookie, { receiverId: customer.user.id, message: 'Your order is ready.' });
    const phone = await open(secondUrl, customer.cookie);
    expect(phone.events[0]!.event).toEqual({ type: 'unread', count: 1 });
    const read = await fetch(`${first.baseUrl}/api/chat/read`, {
      method: 'POST',
      headers: { cookie: customer.cookie },
    });
    expect(read.status).toBe(200);
    await phone.waitFor((e) => e.event.type === 'unread' && e.event.count === 0, 1000, 1);
  });

  it('resumes from the last event id: a stream that reconnects gets what it missed, in order, then live ones', async () => {
    const { customer, staff } = await people();
    const before = await open(secondUrl, customer.cookie);
    await say(first.baseUrl, staff.cookie, { receiverId: customer.user.id, message: 'one' });
    const one = await before.waitForMessage('one');
    await before.close();

    await say(first.baseUrl, staff.cookie, { receiverId: customer.user.id, message: 'two' });
    await say(secondUrl, customer.cookie, { receiverId: 'admin', message: 'three' });

    // As tRPC's client resumes (lastEventId in the input) and as a browser's EventSource does (the header).
    for (const resume of [{ lastEventId: one.id }, { headers: { 'last-event-id': one.id! } }]) {
      const after = await openChatStream(first.baseUrl, customer.cookie, resume);
      streams.push(after);
      await after.waitFor((e) => e.event.type === 'unread');
      const texts = after.events.flatMap((e) => (e.event.type === 'message' ? [e.event.message.message] : []));
      expect(texts).toEqual(['two', 'three']);
      const ids = after.events.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      await after.close();
    }

    const live = await open(first.baseUrl, customer.cookie, { lastEventId: one.id });
    await say(secondUrl, staff.cookie, { receiverId: customer.user.id, message: 'four' });
    await live.waitForMessage('four', 1000);
    expect(live.events.flatMap((e) => (e.event.type === 'message' ? [e.event.message.message] : []))).toEqual([
      'two',
      'three',
      'four',
    ]);
  });

  it('ends a stream once its session no longer stands (sign-out, deactivation, changed access)', async () => {
    const { customer } = await people();
    const hub = new ChatHub(first.database, { error: () => {} });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let allowed = true;
      const stream = chatEvents(first.db, hub, customer.user as SessionUser, undefined, undefined, async () => allowed);
      expect((await stream.next()).value?.event).toEqual({ type: 'unread', count: 0 });
      const next = stream.next();
      await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
      allowed = false;
      await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
      expect((await next).done).toBe(true);
      expect(hub.openStreams).toBe(0);
    } finally {
      vi.useRealTimers();
      await hub.stop();
    }
  });

  it('ends its streams when the app closes, so shutdown does not wait on them', async () => {
    const { customer } = await people();
    const third = await buildApp({ database: secondDatabase, env: testEnv() });
    const url = await third.listen({ port: 0, host: '127.0.0.1' });
    const stream = await open(url, customer.cookie);
    await third.close();
    await expect.poll(() => stream.ended, { timeout: 2000 }).toBe(true);
  });

  // PostgreSQL only: PGlite has one connection, so writers never run side by side and its listener is never lost.
  if (process.env.TEST_DB === 'postgres') {
    it('delivers messages written at once through both instances to every stream in commit order, none missed', async () => {
      const { staff } = await people();
      const writers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signInAs(first.database, 'customer', { firstName: `Writer${i}` })),
      );
      const onFirst = await open(first.baseUrl, staff.cookie);
      const onSecond = await open(secondUrl, staff.cookie);
      const midway = onSecond.events.at(-1)!.id!;
      const texts = writers.flatMap((w, i) => [`w${i}-a`, `w${i}-b`]);
      await Promise.all(
        writers.map(async (w, i) => {
          expect(
            (await say(i % 2 ? secondUrl : first.baseUrl, w.cookie, { receiverId: 'admin', message: `w${i}-a` }))
              .status,
          ).toBe(200);
          expect(
            (await say(i % 2 ? first.baseUrl : secondUrl, w.cookie, { receiverId: 'admin', message: `w${i}-b` }))
              .status,
          ).toBe(200);
        }),
      );
      for (const stream of [onFirst, onSecond]) {
        await stream.waitFor(
          () => stream.events.filter((e) => e.event.type === 'message').length >= texts.length,
          3000,
        );
        const got = stream.events.filter((e) => e.event.type === 'message');
        expect(got.map((e) => (e.event.type === 'message' ? e.event.message.message : '')).sort()).toEqual(
          [...texts].sort(),
        );
        const ids = got.map((e) => Number(e.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
      // A stream resumed from before the burst replays exactly the same sequence.
      const resumed = await open(first.baseUrl, staff.cookie, { lastEventId: midway });
      const replay = resumed.events.filter((e) => e.event.type === 'message').map((e) => e.id);
      expect(replay).toEqual(onFirst.events.filter((e) => e.event.type === 'message').map((e) => e.id));
    });

    it('re-reads what was said while its listening connection was lost', async () => {
      const { customer, staff } = await people();
      const staffStream = await open(secondUrl, staff.cookie);
      // Cut every LISTEN connection (both instances'); postgres.js reconnects and listens again.
      const cut = await queryRows<{ n: number }>(
        first.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      expect(cut[0]!.n).toBeGreaterThan(0);
      await say(first.baseUrl, customer.cookie, { receiverId: 'admin', message: 'said during the outage' });
      await staffStream.waitForMessage('said during the outage', 5000);
    });
  }
});
