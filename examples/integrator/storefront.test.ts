import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/demo/seed';
import { documentMismatch } from '../../src/server/openapi-check';
import { signInAs, useTestServer } from '../../src/testing/test-server';
import {
  businessToday,
  daySheet,
  describeDay,
  storefrontClient,
  StorefrontError,
  type StorefrontClient,
} from './storefront';
import { OrderMirror, nextPageQuery } from './reconcile';
import { webhookHandler, type StorefrontEvent } from './webhooks';

// The example integrator against a running app with the demo data: an admin makes it an API key, and the client
// generated from the OpenAPI document sends what the server accepts with that key; every answer it gets is held to
// the document too. Its webhook receiver verifies real deliveries of the app.
const server = useTestServer();
let client: StorefrontClient;
let staffCookie: string;

/** fetch that also checks each answer against openapi/openapi.json, as the REST contract tests' client does. */
const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const text = await response.clone().text();
  const mismatch = documentMismatch(request.method, request.url, {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  });
  if (mismatch) throw new Error(mismatch);
  return response;
};

beforeAll(async () => {
  await seedDemoData(server.db, { publicUrl: server.env.publicUrl });
  ({ cookie: staffCookie } = await signInAs(server.database, 'admin'));
  const created = await server.request('POST', '/api/admin/api-keys', {
    cookie: staffCookie,
    body: { name: 'Front desk', permissions: ['appointments.view', 'orders.view'] },
  });
  expect(created.status).toBe(200);
  client = storefrontClient(server.baseUrl, { authorization: `Bearer ${created.body.key}` }, checkedFetch);
}, 120_000);

describe('examples/integrator', () => {
  it("lists a day's appointments and orders through the generated client", async () => {
    const all = await server.request('GET', '/api/appointments', { cookie: staffCookie });
    expect(all.body.length).toBeGreaterThan(0);
    const settings = await server.request('GET', '/api/business/settings');
    const dayOf = (instant: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: settings.body.timezone }).format(new Date(instant));
    const date = dayOf(all.body[0].dateTime);

    const sheet = await daySheet(client, date);

    expect(sheet.appointments.map((a) => a.id)).toContain(all.body[0].id);
    expect(sheet.appointments.every((a) => dayOf(a.dateTime) === date)).toBe(true);
    const orders = await server.request('GET', `/api/orders?from=${date}&to=${date}`, { cookie: staffCookie });
    expect(sheet.orders).toEqual(orders.body);
    const lines = describeDay(sheet);
    expect(lines[0]).toBe(`${date}: ${sheet.appointments.length} appointments, ${sheet.orders.length} orders`);
    expect(lines).toHaveLength(1 + sheet.appointments.length + sheet.orders.length);
  });

  it("reports the API's own error answer, typed by the document", async () => {
    const error = await daySheet(storefrontClient(server.baseUrl, {}, checkedFetch), '2026-01-01').catch((e) => e);
    expect(error).toBeInstanceOf(StorefrontError);
    expect(error).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const bad = await daySheet(client, 'not-a-date').catch((e) => e);
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(bad.body.issues.length).toBeGreaterThan(0);
  });

  it("takes today from the business's time zone", async () => {
    const settings = await server.request('GET', '/api/business/settings');
    const now = new Date();
    expect(await businessToday(client, now)).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: settings.body.timezone }).format(now),
    );
  });
});

describe('examples/integrator webhook receiver', () => {
  let receiver: Server;
  let url: string;
  const events: StorefrontEvent[] = [];
  let requests = 0;
  let endpoint: { id: string; secret: string };
  // Made once the endpoint's secret is known (the receiver's address is needed to register it).
  let handle: ReturnType<typeof webhookHandler>;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      requests++;
      handle(req, res);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const created = await server.request('POST', '/api/admin/webhooks', {
      cookie: staffCookie,
      body: { url, events: ['order.created'], description: 'Example integrator' },
    });
    endpoint = created.body;
    handle = webhookHandler(endpoint.secret, (event) => events.push(event));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('verifies a delivery with standardwebhooks, hands each event on once, and refuses a forged one', async () => {
    const sent = await server.request('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: staffCookie });
    await expect.poll(() => events.length, { timeout: 20_000 }).toBe(1);
    const [event] = events;
    expect(event!.type).toBe('ping');
    if (event!.type === 'ping') expect(event!.data).toMatchObject({ id: endpoint.id, url });
    expect(event!.id).toBe(sent.body.eventId);

    // A redelivery carries the same webhook-id: acknowledged, not handled twice.
    await server.request('POST', `/api/admin/webhooks/deliveries/${sent.body.id}/retry`, { cookie: staffCookie });
    await expect.poll(() => requests, { timeout: 20_000 }).toBe(2);
    expect(events).toHaveLength(1);

    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      },
      body: JSON.stringify({ id: 'forged', type: 'order.created', timestamp: new Date().toISOString(), data: {} }),
    });
    expect(forged.status).toBe(400);
    expect(events).toHaveLength(1);
  });
});

describe('examples/integrator reconciliation loop', () => {
  let receiver: Server;
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('walks every order page by page, then follows webhooks; the later updatedAt wins whatever the order', async () => {
    const mirror = new OrderMirror('2000-01-01T00:00:00Z');
    const all = await server.request('GET', '/api/orders?updatedSince=2000-01-01T00:00:00Z&limit=500', {
      cookie: staffCookie,
    });
    expect(all.body.length).toBeGreaterThan(3);
    // Pages of 3, following the Link header.
    expect(await mirror.walk(client, 3)).toBe(all.body.length);
    expect([...mirror.orders.keys()].sort()).toEqual(all.body.map((o: { id: string }) => o.id).sort());
    expect(mirror.since).toBe(all.body.at(-1).updatedAt);

    // Then webhooks: an endpoint for order changes hands each verified event to the mirror.
    receiver = createServer((req, res) => handle(req, res));
    let handle: ReturnType<typeof webhookHandler> = (_req, res) => res.writeHead(503).end();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const endpoint = await server.request('POST', '/api/admin/webhooks', {
      cookie: staffCookie,
      body: { url, events: ['order.updated'], description: 'Order mirror' },
    });
    handle = webhookHandler(endpoint.body.secret, (event) => mirror.onEvent(event));

    const order = all.body.find((o: { status: string }) => o.status !== 'cancelled' && o.status !== 'completed');
    const before = mirror.orders.get(order.id)!;
    const target = order.status === 'pending' ? 'processing' : 'completed';
    const changed = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: staffCookie,
      body: { status: target },
    });
    expect(changed.status, changed.text).toBe(200);
    await expect.poll(() => mirror.orders.get(order.id)?.status, { timeout: 20_000 }).toBe(target);
    const after = mirror.orders.get(order.id)!;
    expect(after.updatedAt > before.updatedAt).toBe(true);

    // A late webhook carrying the older snapshot changes nothing.
    mirror.onEvent({ id: 'evt_late', type: 'order.updated', timestamp: before.updatedAt, data: before });
    expect(mirror.orders.get(order.id)).toEqual(after);

    // The next walk starts where the last ended and meets the change too (already held: kept as it is).
    expect(await mirror.walk(client, 3)).toBeGreaterThanOrEqual(1);
    expect(mirror.orders.get(order.id)!.updatedAt).toBe(after.updatedAt);
    expect(mirror.since >= after.updatedAt).toBe(true);
  });

  it('reads the next page from a Link header', () => {
    expect(nextPageQuery('</api/orders?updatedSince=2026-01-01T00%3A00%3A00Z&limit=3&cursor=abc>; rel="next"')).toEqual(
      {
        updatedSince: '2026-01-01T00:00:00Z',
        limit: '3',
        cursor: 'abc',
      },
    );
    expect(nextPageQuery(null)).toBeNull();
  });
});
