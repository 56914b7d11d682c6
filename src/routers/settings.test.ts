import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { addToCart, product } from '../testing/orders';

const server = useTestServer();
const booking = {
  bookingNoticeMinutes: 60,
  bookingWindowDays: 30,
  cancellationNoticeHours: 24,
  reminderOffsetsMinutes: [1440, 120],
};

// Sent exactly as the web client sends them (docs/settings.md): JSON body with JSON content type, cookies.
describe('GET/PUT /api/business/settings', () => {
  it('reads the defaults, signed out', async () => {
    const res = await server.request('GET', '/api/business/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      businessName: 'Your Business',
      businessDescription: '',
      businessType: 'both',
      timezone: 'UTC',
      ...booking,
      currency: 'USD',
      defaultLocale: 'en',
    });
  });

  it('refuses a signed-out update with 401 and changes nothing', async () => {
    const res = await server.request('PUT', '/api/business/settings', {
      body: { businessName: 'Hacked', businessDescription: '', businessType: 'products' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    expect((await server.request('GET', '/api/business/settings')).body.businessName).toBe('Your Business');
  });

  it('refuses a customer with 403', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Hacked', businessDescription: '', businessType: 'products' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('refuses an employee, even one holding every settings permission', async () => {
    const { cookie } = await signInAs(server.database, 'employee', {
      permissions: ['settings.view', 'settings.edit', 'settings.business'],
    });
    const res = await server.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Hacked' } });
    expect(res.status).toBe(403);
  });

  it('lets an admin update, and the change is visible on GET and in the activity log', async () => {
    const admin = await signInAs(server.database, 'admin');
    const { cookie } = admin;
    const body = { businessName: 'Glow Studio', businessDescription: 'Hair and beauty', businessType: 'services' };
    const res = await server.request('PUT', '/api/business/settings', { cookie, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, timezone: 'UTC', ...booking, currency: 'USD', defaultLocale: 'en' });
    const read = await server.request('GET', '/api/business/settings');
    expect(read.body).toEqual({ ...body, timezone: 'UTC', ...booking, currency: 'USD', defaultLocale: 'en' });
    const logged = await server.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.updated'), eq(auditLog.actorId, admin.user.id)));
    expect(logged).toEqual([{ summary: 'Changed the business settings.' }]);
  });

  it('rejects an empty businessName with a readable 400 and changes nothing', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: '', businessDescription: 'x', businessType: 'both' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Business name is required');
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.issues).toEqual([{ path: 'businessName', message: 'Business name is required' }]);
    expect((await server.request('GET', '/api/business/settings')).body.businessName).toBe('Glow Studio');
  });

  it('rejects an unknown businessType with 400', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Glow', businessType: 'restaurant' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Business type must be one of: products, services, both');
    expect((await server.request('GET', '/api/business/settings')).body.businessType).toBe('services');
  });

  it('rejects an unknown time zone with 400', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Glow', timezone: 'Mars/Olympus' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/time zone/i);
  });

  it('accepts a time zone and ignores unknown fields', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Glow', timezone: 'Europe/Paris', surprise: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      businessName: 'Glow',
      businessDescription: 'Hair and beauty',
      businessType: 'services',
      timezone: 'Europe/Paris',
      ...booking,
      currency: 'USD',
      defaultLocale: 'en',
    });
  });

  it('saves the booking rules, and a PUT without them keeps them', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const rules = { bookingNoticeMinutes: 120, bookingWindowDays: 14, cancellationNoticeHours: 48 };
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Glow', ...rules },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(rules);
    const again = await server.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Glow' } });
    expect(again.body).toMatchObject(rules);
    const bad = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Glow', bookingWindowDays: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Booking window must be a whole number of days from 1 to 365');
    expect((await server.request('GET', '/api/business/settings')).body).toMatchObject(rules);
    await server.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Glow', ...booking } });
  });

  it('saves the default language, a PUT without it keeps it, and an unknown one is refused', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const put = (body: Record<string, unknown>) =>
      server.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Glow', ...body } });
    const spanish = await put({ defaultLocale: 'es' });
    expect(spanish.status, spanish.text).toBe(200);
    expect(spanish.body.defaultLocale).toBe('es');
    expect((await put({})).body.defaultLocale).toBe('es');
    for (const defaultLocale of ['fr', 'ES', null, 3]) {
      const bad = await put({ defaultLocale });
      expect(bad.status, String(defaultLocale)).toBe(400);
      expect(bad.body.message).toBe('Default language must be one of: en, es');
    }
    expect((await server.request('GET', '/api/business/settings')).body.defaultLocale).toBe('es');
    await put({ defaultLocale: 'en' });
  });

  it('serves the same procedures over tRPC', async () => {
    const res = await server.request('GET', '/api/trpc/settings.get');
    expect(res.status).toBe(200);
    expect(res.body.result.data.businessName).toBe('Glow');
  });
});

// Last in this file: once an order is placed, the currency is fixed.
describe('the business currency', () => {
  it('is chosen until the first order, shows in what customers are told, and is fixed from then on', async () => {
    const { cookie } = await signInAs(server.database, 'admin');
    const put = (body: Record<string, unknown>) =>
      server.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Glow', ...body } });

    const euro = await put({ currency: ' eur ' });
    expect(euro.status, euro.text).toBe(200);
    expect(euro.body.currency).toBe('EUR');
    expect((await put({})).body.currency).toBe('EUR');
    for (const currency of ['ABC', 'JPY', 'EURO', 7]) {
      const bad = await put({ currency });
      expect(bad.status, String(currency)).toBe(400);
      expect(bad.body.message).toMatch(/^Currency must be a three-letter ISO 4217 code/);
    }

    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, cookie, { name: 'Euro Oil', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id, 2);
    const order = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(order.status, order.text).toBe(200);
    const [confirmation] = await queuedMail(server.db, customer.user.email);
    expect(confirmation!.text).toContain(
      `Total: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Number(order.body.total))}`,
    );

    const changed = await put({ currency: 'USD' });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      code: 'CONFLICT',
      message: 'The currency cannot be changed once orders have been placed: their amounts were paid in it.',
    });
    // The settings form sends the currency with every save: the same one is fine.
    expect((await put({ currency: 'EUR', businessDescription: 'Still euros' })).status).toBe(200);
    expect((await server.request('GET', '/api/business/settings')).body.currency).toBe('EUR');
  });
});
