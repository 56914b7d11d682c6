import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { eq } from 'drizzle-orm';
import { businessSettings, products, users } from '../../../db/schema/index';
import { createCatalogCache } from '../catalog/catalog-cache';
import { createSettingsCache } from '../settings/settings-service';
import { createTestDatabase } from '../../testing/test-server';
import { signInAs } from '../../testing/test-server';
import { clientPlugin, pageCatalogue } from './client';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { FIRST_SCRIPT_TEXTS_FILE } from '../../shared/i18n/first-script';
import { errorHandlingPlugin } from '../api/error-reply';
import { renderFirstScreen } from '../../client/server-render';
import { takeGivenCatalogue } from '../../client/lib/i18n';
import { givePageState } from '../../client/lib/page-state';
import type { RenderFirstScreen } from '../../shared/page-state';

// As the build writes it: the stylesheet announced as a preload (vite.config.ts, stylesheetPreloaded).
const html =
  '<!doctype html><html lang="en"><head><title>Storefront</title><script type="module" src="/assets/app.js"></script><link rel="preload" as="style" crossorigin href="/assets/app.css"><link rel="modulepreload" crossorigin href="/assets/start.js"></head><body><div id="root"></div></body></html>';
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
  writeFileSync(join(dir, 'assets/app.css'), 'body{color:red}');
  database = await createTestDatabase();
  settings = createSettingsCache(database);
  app = await clientApp({ root: dir, renderFirstScreen });
});
afterAll(async () => {
  await app.close();
  await settings.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  // The renders above left the client's modules in the last page's language; the next file in this worker shares
  // them (vitest.config.ts, isolate: false), and its dates would be written in Spanish.
  givePageState({ catalogue: pageCatalogue(catalogueFor('en')) });
  takeGivenCatalogue();
});

/** The client plugin alone, on this file's database, serving the client built into `root`. */
async function clientApp(opts: { root: string; renderFirstScreen?: RenderFirstScreen }): Promise<FastifyInstance> {
  const client = Fastify();
  await client.register(fastifyCookie);
  await client.register(errorHandlingPlugin);
  // The page policy as the security plugin sets it (security.ts), for what the page's own elements add to it.
  client.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', "script-src 'self';style-src 'self'");
  });
  // The page bodies are compressed by the client plugin itself; the app's compression plugin is not under test.
  await client.register(fp(async () => {}, { name: 'storefront-compression' }));
  await client.register(clientPlugin, { database, settings, catalog: createCatalogCache(database), ...opts });
  await client.ready();
  return client;
}

/** The page's state as the client reads it (src/client/lib/page-state.ts). */
function stateOf(body: string) {
  const match = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]!) : undefined;
}

const defaultSettings = {
  businessName: expect.any(String),
  businessDescription: expect.any(String),
  businessType: 'both',
  timezone: expect.any(String),
  bookingNoticeMinutes: expect.any(Number),
  bookingWindowDays: expect.any(Number),
  cancellationNoticeHours: expect.any(Number),
  reminderOffsetsMinutes: expect.any(Array),
  currency: 'USD',
  defaultLocale: 'en',
};

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('serving the client', () => {
  it('sends every page as the compressed index.html with an ETag, and 304 when it is unchanged', async () => {
    const br = await page('/employee/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    const body = brotliDecompressSync(br.rawPayload).toString();
    // The template, with the business's name for its title and the page's state added.
    expect(body.replace(/<script type="application\/json".*?<\/script>/, '')).toBe(
      html.replace('<title>Storefront</title>', '<title>Your Business</title>'),
    );

    const gzip = await page('/some/client/route', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(body);
    expect((await page('/employee/register')).body).toBe(body);

    const again = await page('/employee/login', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers in the page what the client asks first: the sign-in check, the settings, the catalogue', async () => {
    // A visitor, with no cookie or with one that names no session: signed out, said so.
    for (const headers of [{}, { cookie: 'sid=expired-or-made-up' }, { cookie: 'theme=dark' }] as Record<
      string,
      string
    >[]) {
      const body = (await page('/employee/login', headers)).body;
      expect(stateOf(body)).toEqual({
        session: { user: null },
        settings: defaultSettings,
        catalogue: pageCatalogue(catalogueFor('en')),
      });
      // The tab names the business before any script runs.
      expect(body).toContain('<title>Your Business</title>');
    }
    // A signed-in customer: the same answer auth.session gives, and only to them.
    const { cookie, user } = await signInAs(database, 'customer', { firstName: '</script><b>Jo' });
    const res = await page('/', { cookie });
    expect(res.body).not.toContain('</script><b>');
    expect(stateOf(res.body).session).toEqual({
      user: {
        id: user.id,
        firstName: '</script><b>Jo',
        lastName: user.lastName,
        email: user.email,
        role: 'customer',
        profileImageUrl: null,
        isActive: true,
        permissions: [],
        locale: null,
      },
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it("speaks the person's choice, else the visitor's cookie, else the browser's language, else the default", async () => {
    const languageOf = async (headers: Record<string, string>) => {
      const body = (await page('/', headers)).body;
      const state = stateOf(body);
      // The page's lang and its catalogue always agree, and the catalogue is of that language only.
      expect(body).toContain(`<html lang="${state.catalogue.locale}">`);
      expect(state.catalogue).toEqual(pageCatalogue(catalogueFor(state.catalogue.locale)));
      return state.catalogue.locale;
    };
    expect(await languageOf({})).toBe('en');
    expect(await languageOf({ 'accept-language': 'es-ES,es;q=0.9' })).toBe('es');
    expect(await languageOf({ 'accept-language': 'fr-FR' })).toBe('en');
    expect(await languageOf({ 'accept-language': 'es-ES', cookie: 'locale=en' })).toBe('en');
    expect(await languageOf({ cookie: 'locale=es' })).toBe('es');
    expect(await languageOf({ 'accept-language': 'es', cookie: 'locale=klingon' })).toBe('es');

    const { cookie, user } = await signInAs(database, 'customer');
    expect(await languageOf({ cookie, 'accept-language': 'es' })).toBe('es');
    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, user.id));
    expect(await languageOf({ cookie: `${cookie}; locale=es`, 'accept-language': 'es' })).toBe('en');

    await database.db
      .insert(businessSettings)
      .values({ id: 1, businessName: 'Madrid', defaultLocale: 'es' })
      .onConflictDoUpdate({ target: businessSettings.id, set: { defaultLocale: 'es' } });
    settings.invalidate();
    expect(await languageOf({ 'accept-language': 'fr-FR' })).toBe('es');
    expect(await languageOf({ 'accept-language': 'en-GB' })).toBe('en');
    await database.db.delete(businessSettings);
    settings.invalidate();
  });

  it('carries the lists a signed-in page shows first, for its business type, and announces its first picture', async () => {
    const signedIn = { cookie: (await signInAs(database, 'customer')).cookie };
    // The links in the page's head (not its state, which carries the lists).
    const headOf = async (url: string, headers: Record<string, string> = signedIn) => {
      const body = (await page(url, headers)).body;
      return (body.slice(0, body.indexOf('<body>')).match(/<link(?:\s+[\w-]+(?:="[^"]*")?)*>/g) ?? []).join('');
    };
    const listsOf = async (url: string, headers: Record<string, string> = signedIn) =>
      stateOf((await page(url, headers)).body)?.lists;
    expect(await listsOf('/products')).toEqual({ '/api/products': [] });
    expect(await listsOf('/services')).toEqual({ '/api/services': [] });
    expect(await listsOf('/')).toEqual({ '/api/products/featured': [], '/api/services/featured': [] });
    // Other pages, and a visitor (sent to sign in, or shown the landing page): no lists, nothing announced.
    expect(await listsOf('/cart')).toBeUndefined();
    for (const headers of [{}, { cookie: 'sid=expired-or-made-up' }] as Record<string, string>[]) {
      for (const url of ['/', '/products']) {
        expect(await listsOf(url, headers)).toBeUndefined();
        expect(await headOf(url, headers)).not.toMatch(/rel="preload" href=/);
      }
    }

    // The lists as their REST paths answer the customer; the first card's picture, when the list has one (newest
    // first, as the page shows it; quoted safely).
    expect(await headOf('/products')).not.toContain('as="image"');
    await database.db.insert(products).values([
      { name: 'Older', price: '1.00', imageUrl: '/catalog/older.webp', createdAt: new Date(Date.now() - 60_000) },
      { name: 'Newest', price: '2.00', imageUrl: '/catalog/new"<x>.webp' },
      { name: 'Hidden', price: '2.00', isActive: false },
    ]);
    const names = async (headers: Record<string, string>) =>
      ((await listsOf('/products', headers))['/api/products'] as { name: string }[]).map((product) => product.name);
    expect(await names(signedIn)).toEqual(['Newest', 'Older']);
    // Staff see inactive items too, as GET /api/products answers them.
    expect(await names({ cookie: (await signInAs(database, 'admin')).cookie })).toEqual(['Hidden', 'Newest', 'Older']);
    expect(await headOf('/products')).toContain(
      '<link rel="preload" href="/catalog/new&quot;&lt;x>.webp" as="image" fetchpriority="high">',
    );
    expect(await headOf('/products')).not.toContain('older.webp');

    // The home page's first featured card: nothing featured, no picture; then the first featured product's.
    expect(await headOf('/')).not.toContain('as="image"');
    await database.db
      .insert(products)
      .values({ name: 'Featured Oil', price: '3.00', imageUrl: '/catalog/featured-oil.webp', isFeatured: true });
    expect(await headOf('/')).toContain(
      '<link rel="preload" href="/catalog/featured-oil.webp" as="image" fetchpriority="high">',
    );

    // A list too long to carry is fetched instead, announced beside the script.
    const [long] = await database.db
      .insert(products)
      .values({ name: 'Long', price: '1.00', description: 'x'.repeat(300 * 1024) })
      .returning();
    expect(await listsOf('/products')).toBeUndefined();
    expect(await headOf('/products')).toContain(
      '<link rel="preload" href="/api/products" as="fetch" crossorigin="use-credentials">',
    );
    await database.db.delete(products).where(eq(products.id, long!.id));

    await database.db
      .insert(businessSettings)
      .values({ id: 1, businessName: 'Only services', businessType: 'services' });
    await settings.stop();
    expect(Object.keys((await listsOf('/'))!)).toEqual(['/api/services/featured']);
    // Products are not shown, so their featured picture is not the first card.
    expect(await headOf('/')).not.toContain('featured-oil.webp');
    await database.db.delete(businessSettings);
    settings.invalidate();
  });

  it("renders the storefront's first screens, signed in or out, with their stylesheet in the page", async () => {
    const signedIn = { cookie: (await signInAs(database, 'customer', { firstName: 'Robin' })).cookie };
    const rootOf = (body: string) => body.slice(body.indexOf('<div id="root"'), body.indexOf('</body>'));
    // The customer's home, in the page's language, inert until the script takes it over.
    const home = (await page('/', signedIn)).body;
    expect(rootOf(home).startsWith('<div id="root" inert aria-disabled="true">')).toBe(true);
    expect(rootOf(home)).toContain('Welcome back, Robin');
    expect(rootOf((await page('/', { ...signedIn, 'accept-language': 'es' })).body)).toContain(
      catalogueFor('es').messages['home.featured'],
    );
    // The stylesheet the build announced is in the page, allowed by its hash.
    const css = 'body{color:red}';
    expect(home).toContain(`<style>${css}</style>`);
    expect(home).not.toContain('rel="preload" as="style"');
    // The application is fetched after the first paint, not announced.
    expect(home).not.toContain('modulepreload');
    // A shop list, with the list the page carries.
    await database.db.insert(products).values({ name: 'Rendered Soap', price: '4.50' });
    const list = rootOf((await page('/products', signedIn)).body);
    expect(list).toContain('Rendered Soap');
    expect(list).toContain('$4.50');
    // A visitor's landing page, rendered too, inert, with or without a cookie that names no session.
    for (const headers of [{}, { cookie: 'sid=expired-or-made-up' }] as Record<string, string>[]) {
      const landing = rootOf((await page('/', headers)).body);
      expect(landing.startsWith('<div id="root" inert aria-disabled="true">')).toBe(true);
      expect(landing).toContain('Sign In with Google');
      expect(landing).not.toContain('Rendered Soap');
    }
    // The page a sign-in that did not happen ends on, for anyone.
    for (const headers of [{}, signedIn]) {
      const error = rootOf((await page('/sign-in-error?reason=cancelled', headers)).body);
      expect(error.startsWith('<div id="root" inert aria-disabled="true">')).toBe(true);
      expect(error).toContain(catalogueFor('en').messages['auth.cancelledTitle']);
    }
    // Pages of later scripts are the script's to render, their stylesheet loading beside it.
    for (const [url, headers] of [
      ['/cart', signedIn],
      ['/admin', signedIn],
      ['/employee/login', {}],
    ] as const) {
      const body = (await page(url, headers)).body;
      expect(body).toContain('<div id="root"></div>');
      expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/app.css">');
      expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js">');
    }
  });

  it('sends a visitor on a page that needs sign-in on to sign in from the page itself, with the notice', async () => {
    const en = catalogueFor('en').messages;
    for (const [url, headers] of [
      ['/products', {}],
      ['/services?sort=name', { cookie: 'sid=expired-or-made-up' }],
      ['/cart', {}],
      ['/admin/orders', {}],
    ] as const) {
      const res = await page(url, headers);
      const body = res.body;
      // The guard's notice, over its page, and the way on half a second later (GUARD_REDIRECT_MS), back to the page.
      const leave = `setTimeout(function(){location.assign(${JSON.stringify(`/api/login?returnTo=${encodeURIComponent(url)}`)})},500)`;
      expect(body).toContain(`<script>${leave}</script>`);
      expect(body).toMatch(
        new RegExp(`role="alert".*${en['app.unauthorized']}.*${en['app.loggedOut'].replace(/\./g, '\\.')}`),
      );
      // Allowed by its hash, as the stylesheet in the page is; nothing else inline.
      const hash = `'sha256-${createHash('sha256').update(leave).digest('base64')}'`;
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash};`);
      expect(body).toContain('<style>body{color:red}</style>');
      // No application to start, nor state to give it: the page leaves.
      expect(body).not.toContain('/assets/app.js');
      expect(body).not.toContain('modulepreload');
      expect(stateOf(body)).toBeUndefined();
      // Nothing inert: no script is coming to take it over.
      expect(body).toContain('<div id="root">');
    }
    // In the page's language.
    const es = await page('/products', { 'accept-language': 'es' });
    expect(es.body).toContain(catalogueFor('es').messages['app.unauthorized']);
    // A signed-in customer's page is not the guard's.
    const { cookie } = await signInAs(database, 'customer');
    expect((await page('/cart', { cookie })).body).not.toContain('location.assign');
  });

  it('serves the page for its script to render when its first screen fails to render', async () => {
    const failing = await clientApp({
      root: dir,
      renderFirstScreen: () => {
        throw new Error('A component failed.');
      },
    });
    try {
      const { cookie } = await signInAs(database, 'customer');
      const res = await failing.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/app.css">');
      expect(stateOf(res.body).session.user).not.toBeNull();
    } finally {
      await failing.close();
    }
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

  it('carries only what the first script says, with the address of the rest, when the build lists it', async () => {
    const split = mkdtempSync(join(tmpdir(), 'client-'));
    writeFileSync(join(split, 'index.html'), html);
    mkdirSync(join(split, 'assets'));
    writeFileSync(join(split, 'assets/app.css'), 'body{color:red}');
    const listed = { messages: ['app.signOut', 'home.featured'], sentences: ['Value', 'Not a sentence of ours'] };
    writeFileSync(join(split, FIRST_SCRIPT_TEXTS_FILE), JSON.stringify(listed));
    const splitApp = await clientApp({ root: split });
    try {
      const res = await splitApp.inject({
        method: 'GET',
        url: '/employee/login',
        headers: { accept: 'text/html', 'accept-language': 'es' },
      });
      const state = stateOf(res.body);
      const es = catalogueFor('es');
      // Parsed: the page's script has no ICU parser.
      expect(state.catalogue).toEqual({
        locale: 'es',
        messages: pageCatalogue(es, ['app.signOut', 'home.featured']).messages,
        sentences: { Value: es.sentences.Value },
      });
      expect(state.catalogue.messages['app.signOut']).toEqual([{ type: 0, value: es.messages['app.signOut'] }]);
      expect(state.wholeCatalogue).toMatch(/^\/i18n\/es\.[\w-]+\.json$/);

      const whole = await splitApp.inject({
        method: 'GET',
        url: state.wholeCatalogue,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-encoding']).toBe('br');
      expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const wholeEs = { messages: pageCatalogue(es).messages, sentences: es.sentences };
      expect(JSON.parse(brotliDecompressSync(whole.rawPayload).toString())).toEqual(wholeEs);
      const plain = await splitApp.inject({ method: 'GET', url: state.wholeCatalogue });
      expect(plain.json()).toEqual(wholeEs);
      const gzip = await splitApp.inject({
        method: 'GET',
        url: state.wholeCatalogue,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(wholeEs);

      // A page of an earlier version asks for its own: it gets today's, not to be kept.
      const earlier = await splitApp.inject({ method: 'GET', url: '/i18n/es.an-earlier-one.json' });
      expect(earlier.json()).toEqual(wholeEs);
      expect(earlier.headers['cache-control']).toBe('no-cache');
      const unknown = await splitApp.inject({ method: 'GET', url: '/i18n/fr.made-up.json' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'No route for GET /i18n/fr.made-up.json', code: 'NOT_FOUND' });
    } finally {
      await splitApp.close();
      rmSync(split, { recursive: true, force: true });
    }
  });
});
