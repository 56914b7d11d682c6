import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { businessSettings, products } from '../../../db/schema/index';
import { createCatalogCache } from '../catalog/catalog-cache';
import { createSettingsCache } from '../settings/settings-service';
import { createTestDatabase } from '../testing';
import { clientPlugin, SIGNED_OUT_META } from './client';
import { errorHandlingPlugin } from './error-reply';

const html = '<!doctype html><html><head><title>Storefront</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let dir: string;
let database: Database;
let app: FastifyInstance;
let settings: ReturnType<typeof createSettingsCache>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets/app.js'), script);
  writeFileSync(join(dir, 'assets/app.js.br'), brotliCompressSync(script));
  database = await createTestDatabase();
  app = Fastify();
  settings = createSettingsCache(database);
  await app.register(errorHandlingPlugin);
  // The page bodies are compressed by the client plugin itself; the app's compression plugin is not under test.
  await app.register(fp(async () => {}, { name: 'storefront-compression' }));
  await app.register(clientPlugin, { settings, catalog: createCatalogCache(database), root: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await settings.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

// What a browser without a session cookie gets: the page, told that it is signed out.
const signedOutHtml = html.replace('</title>', `</title>${SIGNED_OUT_META}`);

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('serving the client', () => {
  it('sends every page as the compressed index.html with an ETag, and 304 when it is unchanged', async () => {
    const br = await page('/products', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(signedOutHtml);

    const gzip = await page('/some/client/route', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(signedOutHtml);
    expect((await page('/')).body).toBe(signedOutHtml);

    const again = await page('/products', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('announces the first data a signed-in page needs, for its business type', async () => {
    const signedIn = { cookie: 'sid=some-session' };
    expect((await page('/products', signedIn)).body).toContain('<link rel="preload" href="/api/products" as="fetch" crossorigin="use-credentials">');
    expect((await page('/services', signedIn)).body).toContain('<link rel="preload" href="/api/services" as="fetch"');
    const home = (await page('/', signedIn)).body;
    expect(home).toContain('href="/api/products/featured"');
    expect(home).toContain('href="/api/services/featured"');
    // A visitor is sent to sign in (or sees the landing page): nothing to preload.
    expect((await page('/products')).body).not.toContain('preload');
    expect((await page('/')).body).not.toContain('preload');
    // Only a browser without a session cookie is told it is signed out; one with a cookie asks (it may be stale).
    expect((await page('/products')).body).toContain('<meta name="session" content="none">');
    expect((await page('/products', signedIn)).body).not.toContain('name="session"');
    expect((await page('/', { cookie: 'theme=dark' })).body).toContain(SIGNED_OUT_META);

    // The first card's picture, when the list has one (newest first, as the page shows it; quoted safely).
    expect((await page('/products', signedIn)).body).not.toContain('as="image"');
    await database.db.insert(products).values([
      { name: 'Older', price: '1.00', imageUrl: '/catalog/older.webp', createdAt: new Date(Date.now() - 60_000) },
      { name: 'Newest', price: '2.00', imageUrl: '/catalog/new"<x>.webp' },
    ]);
    expect((await page('/products', signedIn)).body).toContain('<link rel="preload" href="/catalog/new&quot;&lt;x>.webp" as="image" fetchpriority="high">');
    expect((await page('/products', signedIn)).body).not.toContain('older.webp');

    // The home page's first featured card: nothing featured, no picture; then the first featured product's.
    expect((await page('/', signedIn)).body).not.toContain('as="image"');
    await database.db.insert(products).values({ name: 'Featured Oil', price: '3.00', imageUrl: '/catalog/featured-oil.webp', isFeatured: true });
    expect((await page('/', signedIn)).body).toContain('<link rel="preload" href="/catalog/featured-oil.webp" as="image" fetchpriority="high">');

    await database.db.insert(businessSettings).values({ id: 1, businessName: 'Only services', businessType: 'services' });
    await settings.stop();
    const servicesOnly = (await page('/', signedIn)).body;
    expect(servicesOnly).toContain('href="/api/services/featured"');
    expect(servicesOnly).not.toContain('/api/products/featured');
    // Products are not shown, so their featured picture is not the first card.
    expect(servicesOnly).not.toContain('featured-oil.webp');
  });

  it('sends assets precompressed and cached for good, and answers unknown API paths with JSON 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    const missing = await app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No route for GET /api/nothing', code: 'NOT_FOUND' });
  });
});
