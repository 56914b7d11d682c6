import { expect, it } from 'vitest';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { signInAs, useTestServer } from '../testing/test-server';
import { product } from '../testing/orders';

// GET /api/events and a replay to an endpoint (docs/integrations.md, Events).

const server = useTestServer();

// First, while no endpoint listens: no delivery job runs beside the walk.
it('walks the events written since an instant oldest first, as the other lists walk by updatedAt', async () => {
  const admin = (await signInAs(server.database, 'admin')).cookie;
  const since = new Date().toISOString();
  const made = [];
  for (const name of ['Walk Soap', 'Walk Salt', 'Walk Oil']) made.push(await product(server, admin, { name }));
  await server.request('PUT', `/api/products/${made[0]!.id}`, { cookie: admin, body: { price: '4.00' } });

  type Listed = { id: string; type: string; timestamp: string; data: { id: string } };
  const pages: Listed[][] = [];
  let next: string | null = `/api/events?type=product.created&updatedSince=${since}&limit=2`;
  while (next) {
    const res = await server.request('GET', next, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    // The next page keeps the walk's parameters.
    if (next) expect(next).toMatch(/^\/api\/events\?type=product\.created&updatedSince=[^&]+&limit=2&cursor=/);
  }
  expect(pages.map((page) => page.length)).toEqual([2, 1]);
  const walked = pages.flat();
  expect(walked.map((e) => e.data.id)).toEqual(made.map((p) => p.id));
  expect(walked.map((e) => e.timestamp)).toEqual(walked.map((e) => e.timestamp).sort());

  // From an event's own timestamp on, inclusive, of every type: the creation of the last product and the update.
  const last = walked[2]!;
  const from = await server.request('GET', `/api/events?updatedSince=${last.timestamp}`, { cookie: admin });
  expect(from.status, from.text).toBe(200);
  const after = from.body.slice(from.body.findIndex((e: Listed) => e.id === last.id));
  expect(after.map((e: Listed) => `${e.type} ${e.data.id}`)).toEqual([
    `product.created ${made[2]!.id}`,
    `product.updated ${made[0]!.id}`,
  ]);

  // Without updatedSince the list stays newest first, and its cursor is not one a walk takes.
  const newest = await server.request('GET', '/api/events?type=product.created&limit=1', { cookie: admin });
  expect(newest.body[0].data.id).toBe(made[2]!.id);
  const cursor = new URL(/<([^>]+)>/.exec(newest.headers.get('link')!)![1]!, 'http://x').searchParams.get('cursor');
  const mixed = await server.request('GET', `/api/events?updatedSince=${since}&cursor=${cursor}`, { cookie: admin });
  expect([mixed.status, mixed.body.message]).toEqual([
    400,
    'This cursor is not one this list gave; start again without it.',
  ]);
  const notAnInstant = await server.request('GET', '/api/events?updatedSince=yesterday', { cookie: admin });
  expect(notAnInstant.status).toBe(400);
});

it('replays every event of a pause once per replay, signed, and lists the events newest first', async () => {
  const admin = (await signInAs(server.database, 'admin')).cookie;
  const receiver = await startWebhookReceiver();
  try {
    const endpoint = await server.request('POST', '/api/admin/webhooks', {
      cookie: admin,
      body: { url: receiver.url, events: ['product.created', 'product.updated'] },
    });
    receiver.useSecret(endpoint.body.secret);
    const paused = await server.request('PUT', `/api/admin/webhooks/${endpoint.body.id}`, {
      cookie: admin,
      body: { isActive: false },
    });
    expect(paused.status).toBe(200);
    const since = new Date().toISOString();
    const made = [];
    for (const name of ['Pause Soap', 'Pause Salt', 'Pause Oil']) made.push(await product(server, admin, { name }));
    await server.request('PUT', `/api/products/${made[0]!.id}`, { cookie: admin, body: { price: '4.00' } });

    const listed = await server.request('GET', '/api/events?type=product.created&limit=2', { cookie: admin });
    expect(listed.body.map((e: { data: { id: string } }) => e.data.id)).toEqual([made[2]!.id, made[1]!.id]);
    const older = await server.request('GET', /<([^>]+)>/.exec(listed.headers.get('link')!)![1]!, { cookie: admin });
    expect(older.body[0]).toMatchObject({ type: 'product.created', data: { id: made[0]!.id } });
    expect(Object.keys(older.body[0]).sort()).toEqual(['data', 'id', 'timestamp', 'type']);

    await server.request('PUT', `/api/admin/webhooks/${endpoint.body.id}`, { cookie: admin, body: { isActive: true } });
    expect(receiver.received).toEqual([]);
    const replay = await server.request('POST', `/api/admin/webhooks/${endpoint.body.id}/replay`, {
      cookie: admin,
      body: { since },
    });
    expect(replay.body).toEqual({ queued: 4 });
    await expect.poll(() => receiver.received.length, { timeout: 8000 }).toBe(4);
    expect(receiver.received.every((r) => r.error === undefined)).toBe(true);
    const ids = receiver.received.map((r) => r.payload!.id);
    expect(new Set(ids).size).toBe(4);
    expect(receiver.received.map((r) => `${r.payload!.type} ${(r.payload!.data as { id: string }).id}`).sort()).toEqual(
      [...made.map((p) => `product.created ${p.id}`), `product.updated ${made[0]!.id}`].sort(),
    );

    // A second replay of only one type sends those again, once.
    const again = await server.request('POST', `/api/admin/webhooks/${endpoint.body.id}/replay`, {
      cookie: admin,
      body: { since, types: ['product.updated'] },
    });
    expect(again.body).toEqual({ queued: 1 });
    await expect.poll(() => receiver.received.length, { timeout: 8000 }).toBe(5);
    expect(receiver.received[4]!.payload!.id).toBe(
      receiver.received.find((r) => r.payload!.type === 'product.updated')!.payload!.id,
    );
    const missing = await server.request('POST', `/api/admin/webhooks/${crypto.randomUUID()}/replay`, {
      cookie: admin,
      body: { since },
    });
    expect(missing.status).toBe(404);
  } finally {
    await receiver.close();
  }
});
