import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/demo/seed';
import { documentMismatch } from '../../src/server/openapi-check';
import { signInAs, useTestServer } from '../../src/server/testing';
import { daySheet, describeDay, storefrontClient, StorefrontError, type StorefrontClient } from './storefront';

// The example integrator against a running app with the demo data: the client generated from the OpenAPI document
// sends what the server accepts, and every answer it gets is held to the document too.
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
  client = storefrontClient(server.baseUrl, { cookie: staffCookie }, checkedFetch);
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
});
