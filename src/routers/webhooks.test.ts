import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { webhookEventTypes } from '../shared/webhook-schema';
import { signInAs, useTestServer } from '../testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

const server = useTestServer();
let admin: string;
let employee: string;
let customer: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  employee = (await signInAs(server.database, 'employee', { permissions: ['orders.view', 'products.edit'] })).cookie;
  customer = (await signInAs(server.database, 'customer')).cookie;
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const missingId = '00000000-0000-4000-8000-000000000000';

async function createEndpoint(body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/admin/webhooks', {
    cookie: admin,
    body: { url: receiver.url, events: ['order.created'], description: 'Accounting', ...body },
  });
  expect(res.status).toBe(200);
  return res.body as { id: string; secret: string; url: string; events: string[] };
}

describe('POST /api/admin/webhooks', () => {
  it('registers an endpoint and shows its whsec_ secret in this answer only', async () => {
    const res = await server.request('POST', '/api/admin/webhooks', {
      cookie: admin,
      body: { url: receiver.url, events: ['order.created', 'product.updated'], description: 'Books' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: receiver.url,
      events: ['order.created', 'product.updated'],
      description: 'Books',
      isActive: true,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    const list = await server.request('GET', '/api/admin/webhooks', { cookie: admin });
    expect(list.status).toBe(200);
    const listed = list.body.find((e: { id: string }) => e.id === res.body.id);
    expect(listed).toEqual({ ...res.body, secret: undefined });
    expect(list.text).not.toContain(res.body.secret);
  });

  it('refuses a URL that is not http(s), no events or an unknown event with 400 and a sentence', async () => {
    for (const [body, message] of [
      [{ url: 'ftp://example.com/hook', events: ['order.created'] }, 'The URL must be an http:// or https:// address.'],
      [{ url: 'javascript:alert(1)', events: ['order.created'] }, 'The URL must be an http:// or https:// address.'],
      [{ url: 'not a url', events: ['order.created'] }, 'The URL must be an http:// or https:// address.'],
      [{ url: receiver.url, events: [] }, 'Choose at least one event.'],
      [{ url: receiver.url, events: ['order.shipped'] }, 'Events must be chosen from'],
      [{ events: ['order.created'] }, 'The URL must be an http:// or https:// address.'],
    ] as const) {
      const before = (await server.request('GET', '/api/admin/webhooks', { cookie: admin })).body.length;
      const res = await server.request('POST', '/api/admin/webhooks', { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
      expect((await server.request('GET', '/api/admin/webhooks', { cookie: admin })).body.length).toBe(before);
    }
  });
});

describe('admin only', () => {
  it('answers 401 without a session and 403 to customers and employees, on every operation', async () => {
    const endpoint = await createEndpoint();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/webhooks'],
      ['GET', '/api/admin/webhooks/event-types'],
      ['POST', '/api/admin/webhooks', { url: receiver.url, events: ['order.created'] }],
      ['PUT', `/api/admin/webhooks/${endpoint.id}`, { isActive: false }],
      ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
      ['POST', `/api/admin/webhooks/${endpoint.id}/test`],
      ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/admin/webhooks/deliveries/${missingId}/retry`],
    ];
    for (const [method, path, body] of calls) {
      expect((await server.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const cookie of [customer, employee]) {
        const res = await server.request(method, path, { cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    const [still] = (await server.request('GET', '/api/admin/webhooks', { cookie: admin })).body.filter(
      (e: { id: string }) => e.id === endpoint.id,
    );
    expect(still).toMatchObject({ isActive: true });
  });
});

describe('PUT and DELETE /api/admin/webhooks/{id}', () => {
  it('changes the fields given and keeps the rest', async () => {
    const endpoint = await createEndpoint();
    const res = await server.request('PUT', `/api/admin/webhooks/${endpoint.id}`, {
      cookie: admin,
      body: { events: ['product.created', 'product.deleted'], isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: endpoint.id,
      url: receiver.url,
      description: 'Accounting',
      events: ['product.created', 'product.deleted'],
      isActive: false,
    });
    expect(res.body.secret).toBeUndefined();
    const bad = await server.request('PUT', `/api/admin/webhooks/${endpoint.id}`, {
      cookie: admin,
      body: { url: 'mailto:someone@example.com' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The URL must be an http:// or https:// address.');
  });

  it('deletes an endpoint; unknown ids are 404 everywhere', async () => {
    const endpoint = await createEndpoint();
    const res = await server.request('DELETE', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: endpoint.id });
    for (const id of [endpoint.id, missingId, 'not-an-id']) {
      for (const [method, path, body] of [
        ['PUT', `/api/admin/webhooks/${id}`, { description: 'x' }],
        ['DELETE', `/api/admin/webhooks/${id}`],
        ['POST', `/api/admin/webhooks/${id}/test`],
        ['GET', `/api/admin/webhooks/${id}/deliveries`],
        ['POST', `/api/admin/webhooks/deliveries/${id}/retry`],
      ] as const) {
        const answer = await server.request(method, path, { cookie: admin, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.message).toMatch(/^Webhook (endpoint|delivery) not found\.$/);
      }
    }
  });
});

describe('the activity log', () => {
  it('records adding, changing and deleting an endpoint, and a refused change not at all', async () => {
    const endpoint = await createEndpoint();
    await server.request('PUT', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin, body: { isActive: false } });
    await server.request('PUT', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin, body: { url: 'ftp://x' } });
    await server.request('DELETE', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin });
    const entries = await server.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.entityId, endpoint.id))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { action: 'webhook.created', summary: `Added webhook endpoint ${receiver.url}.` },
      { action: 'webhook.updated', summary: `Changed webhook endpoint ${receiver.url}.` },
      { action: 'webhook.deleted', summary: `Deleted webhook endpoint ${receiver.url}.` },
    ]);
  });
});

describe('GET /api/admin/webhooks/event-types', () => {
  it('lists every event type with a description', async () => {
    const res = await server.request('GET', '/api/admin/webhooks/event-types', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { type: string }) => t.type)).toEqual([...webhookEventTypes]);
    for (const type of res.body) expect(type.description).toEqual(expect.any(String));
  });
});

describe('Send test event, the delivery log and Redeliver', () => {
  it('sends a signed ping that verifies with standardwebhooks, logs it delivered, and redelivers it', async () => {
    const endpoint = await createEndpoint({ events: ['product.created'] });
    receiver.useSecret(endpoint.secret);
    const from = receiver.received.length;
    const test = await server.request('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ eventType: 'ping', status: 'pending', attempts: 0 });

    await expect.poll(() => receiver.received.length, { timeout: 5000 }).toBe(from + 1);
    const ping = receiver.received[from]!;
    expect(ping.error).toBeUndefined();
    expect(ping.headers['content-type']).toBe('application/json');
    expect(ping.headers['webhook-id']).toBe(test.body.eventId);
    expect(ping.payload).toEqual({
      id: test.body.eventId,
      type: 'ping',
      timestamp: expect.any(String),
      data: {
        id: endpoint.id,
        url: receiver.url,
        events: ['product.created'],
        description: 'Accounting',
        isActive: true,
        createdAt: expect.any(String),
      },
    });

    const delivered = async () =>
      (await server.request('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`, { cookie: admin })).body;
    await expect.poll(async () => (await delivered())[0]?.status, { timeout: 5000 }).toBe('delivered');
    expect((await delivered())[0]).toMatchObject({
      id: test.body.id,
      eventId: test.body.eventId,
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });

    const retry = await server.request('POST', `/api/admin/webhooks/deliveries/${test.body.id}/retry`, {
      cookie: admin,
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: test.body.id, status: 'pending' });
    await expect.poll(() => receiver.received.length, { timeout: 5000 }).toBe(from + 2);
    const again = receiver.received[from + 1]!;
    expect(again.error).toBeUndefined();
    expect(again.headers['webhook-id']).toBe(test.body.eventId);
    await expect.poll(async () => (await delivered())[0]?.attempts, { timeout: 5000 }).toBe(2);
  });

  it('refuses to send to a disabled endpoint with 409', async () => {
    const endpoint = await createEndpoint();
    await server.request('PUT', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin, body: { isActive: false } });
    const res = await server.request('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This endpoint is disabled. Enable it to send it events.');
  });
});
