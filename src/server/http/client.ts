import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { showsProducts, showsServices, type BusinessType } from '../../shared/settings';
import {
  PAGE_STATE_ID,
  type CatalogListPath,
  type FirstScreen,
  type PageState,
  type RenderFirstScreen,
} from '../../shared/page-state';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Catalogue, PageCatalogue } from '../../shared/i18n/catalogue';
import type { MessageId } from '../../shared/i18n/en';
import { ZBusinessSettings } from '../../shared/settings-schema';
import { ZSession } from '../../shared/user';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { FIRST_SCRIPT_TEXTS_FILE, type FirstScriptTexts } from '../../shared/i18n/first-script';
import { isLocale, resolveLocale, type Locale } from '../../shared/i18n/locales';
import { findSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions';
import {
  etagMatches,
  negotiateEncoding,
  type CatalogCache,
  type ContentEncoding,
  type SerializedView,
} from '../catalog/catalog-cache';
import { catalogListView } from './catalog-http';
import type { AppServices } from '../api/context';
import { AppError } from '../app-error';
import { clientDistDir, serverRenderDir } from '../paths';
import { sendError } from '../api/error-reply';
import { sentence } from '../../shared/i18n/sentence';

const clientDist = clientDistDir;

/**
 * The lists a signed-in page shows first: the home page's featured cards (products first), or a shop list. The pages
 * that have them are those whose first screen the server renders for a signed-in visitor: the storefront's, whose
 * code is in the first script and whose lists and pictures are the largest paint (which pages else are rendered:
 * `firstScreen`).
 */
function firstScreenLists(pathname: string, type: BusinessType): CatalogListPath[] {
  if (pathname === '/')
    return [
      ...(showsProducts(type) ? (['/api/products/featured'] as const) : []),
      ...(showsServices(type) ? (['/api/services/featured'] as const) : []),
    ];
  if (pathname === '/products') return ['/api/products'];
  if (pathname === '/services') return ['/api/services'];
  return [];
}

/**
 * A list longer than this is not carried in the page: the page would be compressed per request with it. It is
 * announced instead, so that the browser fetches it (compressed once, cached) beside the script.
 */
const MAX_CARRIED_LIST_BYTES = 256 * 1024;

/**
 * The lists of a signed-in page's first screen, as their REST paths answer the visitor: carried in the page's
 * state, so that its first screen is rendered with them, here and in the browser. Also the first card's picture
 * (the largest paint on a phone), announced so that the browser fetches it at once. A visitor on the shop lists is
 * sent to sign in, and sees the landing page on `/`: no lists.
 */
async function firstScreenData(
  paths: CatalogListPath[],
  catalog: CatalogCache,
  viewer: SessionUser,
): Promise<{ lists: NonNullable<PageState['lists']>; preloads: string[] }> {
  const lists: NonNullable<PageState['lists']> = {};
  const preloads: string[] = [];
  let picture: string | null | undefined;
  try {
    for (const path of paths) {
      const view = (await catalogListView(path, catalog, viewer)) as SerializedView<{ imageUrl: string | null }>;
      if (view.body.length <= MAX_CARRIED_LIST_BYTES) lists[path] = view.items;
      else preloads.push(`<link rel="preload" href="${path}" as="fetch" crossorigin="use-credentials">`);
      // The first card a customer sees: the first item of the first list that has one.
      if (picture === undefined && view.items[0]) picture = view.items[0].imageUrl;
    }
  } catch {
    // The page itself must not fail with the database: it then shows its own error states.
  }
  if (picture) preloads.push(`<link rel="preload" href="${escapeAttribute(picture)}" as="image" fetchpriority="high">`);
  return { lists, preloads };
}

/** The build's renderer of first screens (src/client/server-render.tsx); none before a build. */
async function loadFirstScreenRenderer(dir: string, log: FastifyBaseLogger): Promise<RenderFirstScreen | undefined> {
  const file = join(dir, 'server-render.js');
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen };
    return module.renderFirstScreen;
  } catch (error) {
    log.error({ err: error }, 'The first-screen renderer could not be loaded: pages are rendered by the browser.');
    return undefined;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A visitor's language, chosen in the language menu (a signed-in person's is saved on their account). */
const LOCALE_COOKIE = 'locale';

/**
 * The page's language: the signed-in person's choice, else a visitor's (the cookie), else the browser's
 * (Accept-Language), else the business default (English when the settings could not be read).
 */
function pageLocale(req: FastifyRequest, state: PageState): Locale {
  const cookie = req.cookies?.[LOCALE_COOKIE];
  return resolveLocale({
    user: state.session?.user?.locale ?? (isLocale(cookie) ? cookie : null),
    acceptLanguage: req.headers['accept-language'],
    businessDefault: state.settings?.defaultLocale ?? 'en',
  });
}

/**
 * The answers the client asks for first, given in the page itself: the sign-in check's (from the session
 * cookie, exactly as `auth.session` answers it), the business settings and the catalogue of the page's
 * language. The client takes them as its first answers (src/client/lib/page-state.ts), so a signed-in page
 * renders without a round trip first, a visitor sees the landing page or the guard's notice at once, and the
 * first paint is in the page's language. The session or the settings are left out when the database cannot
 * give them; the client then asks as before.
 */
async function pageState(
  req: FastifyRequest,
  services: Pick<AppServices, 'database' | 'settings'>,
  catalogues: PageCatalogues,
): Promise<{ state: PageState & { catalogue: PageCatalogue }; viewer: SessionUser | null }> {
  const state: PageState = {};
  const token = req.cookies?.[SESSION_COOKIE];
  let viewer: SessionUser | null = null;
  try {
    viewer = token ? ((await findSession(services.database.db, token))?.user ?? null) : null;
    state.session = ZSession.parse({ user: viewer });
  } catch {
    // Asked again by the client, which then shows the database's failure as it always does.
  }
  try {
    state.settings = ZBusinessSettings.parse(await services.settings.get());
  } catch {
    // As above.
  }
  const { page, whole } = catalogues.of(pageLocale(req, state));
  return { state: { ...state, catalogue: page, ...(whole && { wholeCatalogue: whole.url }) }, viewer };
}

interface WholeCatalogue {
  url: string;
  file: string;
  body: Buffer;
  encoded: Record<ContentEncoding, Buffer>;
}

interface PageCatalogues {
  /** What a page in this language carries, and where the rest is when it carries only part. */
  of(locale: Locale): { page: PageCatalogue; whole?: WholeCatalogue };
  /**
   * The whole catalogue of a file name's language (`es.<hash>.json`), and whether the name is its current one: a
   * page served before a new version was deployed asks for its old one, and gets the current one, not kept.
   */
  file(name: string): { whole: WholeCatalogue; current: boolean } | undefined;
}

/** A catalogue's messages (those of `ids`, else all) as the page carries them: parsed, once, here. */
export function pageCatalogue(catalogue: Catalogue, ids?: readonly MessageId[]): PageCatalogue {
  return {
    locale: catalogue.locale,
    messages: Object.fromEntries(
      (ids ?? (Object.keys(catalogue.messages) as MessageId[])).map((id) => [id, parse(catalogue.messages[id])]),
    ),
    sentences: catalogue.sentences,
  };
}

/**
 * Each language's catalogue as pages carry it. With the build's list of what the first script says, a page
 * carries only that (the rest would be a third of a Spanish page's bytes, on the way to its first paint) and
 * names the whole catalogue's address, which is served compressed once and cached for good (the address
 * changes with the content). Without the list, or with a catalogue given for tests, pages carry it whole.
 * Each is made when first asked for.
 */
function pageCatalogues(root: string, given: Catalogue | undefined): PageCatalogues {
  const listFile = `${root}/${FIRST_SCRIPT_TEXTS_FILE}`;
  const firstScript =
    !given && existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as FirstScriptTexts) : undefined;
  const made = new Map<Locale, { page: PageCatalogue; whole?: WholeCatalogue }>();
  const of = (locale: Locale) => {
    let answer = made.get(locale);
    if (!answer) {
      answer = firstScript
        ? split(catalogueFor(locale), firstScript)
        : { page: pageCatalogue(given ?? catalogueFor(locale)) };
      made.set(locale, answer);
    }
    return answer;
  };
  return {
    of,
    file: (name) => {
      const locale = name.split('.')[0];
      const whole = isLocale(locale) && /^\w+\.[\w-]+\.json$/.test(name) ? of(locale).whole : undefined;
      return whole && { whole, current: whole.file === name };
    },
  };
}

function split(catalogue: Catalogue, firstScript: FirstScriptTexts): { page: PageCatalogue; whole: WholeCatalogue } {
  const { messages, sentences } = pageCatalogue(catalogue);
  const body = Buffer.from(JSON.stringify({ messages, sentences }));
  const file = `${catalogue.locale}.${createHash('sha256').update(body).digest('base64url').slice(0, 16)}.json`;
  return {
    page: {
      locale: catalogue.locale,
      messages: Object.fromEntries(firstScript.messages.map((id) => [id, messages[id]])),
      sentences: Object.fromEntries(
        firstScript.sentences.filter((key) => key in sentences).map((key) => [key, sentences[key]!]),
      ),
    },
    whole: {
      url: `/i18n/${file}`,
      file,
      body,
      encoded: {
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(body, { level: 9 }),
      },
    },
  };
}

/**
 * The page's stylesheet, for a page whose first screen is rendered here: in the page itself, so that the screen
 * paints with the HTML instead of one request later. The build announces it as a preload (vite.config.ts), which
 * this replaces; the Content-Security-Policy (style-src 'self') then allows it by its hash, `source`.
 */
function inlineStylesheet(root: string, template: string) {
  const match = /<link rel="preload" as="style"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/.exec(template);
  if (!match) return undefined;
  const css = readFileSync(join(root, match[1]!), 'utf8');
  return {
    link: match[0],
    element: `<style>${css}</style>`,
    source: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  };
}

/**
 * The page's first screen, when the server renders it: a signed-in customer's storefront (its lists), a visitor's
 * landing page, the sign-in error page (where a sign-in that did not happen ends), and a visitor's page that needs
 * sign-in (the guard's notice, then on to sign in, with no script to wait for). A visitor's other pages are left to
 * the script: their code loads on demand, so the server would send only a spinner. None without the sign-in state
 * (the database away: the script asks for it and renders the page), and none when rendering fails (logged).
 */
async function firstScreen(
  pathname: string,
  state: PageState,
  viewer: SessionUser | null,
  paths: CatalogListPath[],
  renderer: () => Promise<RenderFirstScreen | undefined>,
  req: FastifyRequest,
): Promise<FirstScreen | undefined> {
  if (state.session === undefined || (viewer && paths.length === 0 && pathname !== '/sign-in-error')) return undefined;
  const renderFirstScreen = await renderer();
  if (!renderFirstScreen) return undefined;
  let screen: FirstScreen;
  try {
    screen = renderFirstScreen(req.url, state);
  } catch (error) {
    req.log.error({ err: error }, 'The first screen could not be rendered on the server.');
    return undefined;
  }
  return viewer || screen.leave || pathname === '/' || pathname === '/sign-in-error' ? screen : undefined;
}

/** JSON inside a script element: `<` escaped, so no text in it can close the element. */
const dataBlock = (state: PageState) =>
  `<script type="application/json" id="${PAGE_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

/** Fast settings: a page is compressed per request, since it carries the visitor's own state. */
function compress(html: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}

/**
 * Serves the built React client; unknown non-API GETs get index.html so client routes work on reload.
 * Its not-found handler answers whatever no other route does.
 */
export const clientPlugin = fp(
  async (
    app,
    opts: Pick<AppServices, 'database' | 'settings' | 'catalog'> & {
      root?: string;
      /** Renders first screens: the build's when not given (none before a build); `null` for none. */
      renderFirstScreen?: RenderFirstScreen | null;
      /** Tests only (see BuildAppOptions): the catalogue every page carries instead of its language's. */
      pageCatalogue?: Catalogue;
    },
  ) => {
    const root = opts.root ?? clientDist;
    const hasBuild = existsSync(`${root}/index.html`);
    const template = hasBuild ? readFileSync(`${root}/index.html`, 'utf8') : undefined;
    const stylesheet = template && inlineStylesheet(root, template);
    const catalogues = pageCatalogues(root, opts.pageCatalogue);
    // Loaded with the first page that needs it, not while the app starts: a megabyte and a half of modules, which on
    // a busy machine took longer than Fastify gives a plugin to start.
    let renderer: Promise<RenderFirstScreen | undefined> | undefined;
    const firstScreenRenderer = () =>
      (renderer ??=
        opts.renderFirstScreen !== undefined
          ? Promise.resolve(opts.renderFirstScreen ?? undefined)
          : hasBuild
            ? loadFirstScreenRenderer(serverRenderDir, app.log)
            : Promise.resolve(undefined));
    app.get<{ Params: { file: string } }>('/i18n/:file', { compress: false }, async (req, reply) => {
      const found = catalogues.file(req.params.file);
      if (!found) return reply.callNotFound();
      const { whole, current } = found;
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('vary', 'Accept-Encoding');
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (!encoding) return reply.send(whole.body);
      return reply.header('content-encoding', encoding).send(whole.encoded[encoding]);
    });
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text asset (maximum compression, done once).
        preCompressed: true,
        // Otherwise `send` writes its own Cache-Control (max-age=0) over the one set below.
        cacheControl: false,
        setHeaders(res, path) {
          // Vite's hashed assets never change; everything else must be revalidated.
          res.setHeader(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    }
    app.setNotFoundHandler(async (req, reply) => {
      const wantsPage =
        req.method === 'GET' && !req.url.startsWith('/api/') && req.headers.accept?.includes('text/html');
      if (wantsPage && template) {
        const pathname = req.url.split('?')[0]!;
        const { state, viewer } = await pageState(req, opts, catalogues);
        // Without its settings (the database away) the page may show both lists, as the client then does.
        const paths = viewer ? firstScreenLists(pathname, state.settings?.businessType ?? 'both') : [];
        const { lists, preloads } =
          viewer && paths.length ? await firstScreenData(paths, opts.catalog, viewer) : { lists: {}, preloads: [] };
        if (Object.keys(lists).length) state.lists = lists;
        const screen = await firstScreen(pathname, state, viewer, paths, () => firstScreenRenderer(), req);
        // A page that leaves has no script to give its state to.
        let page = template
          .replace('<html lang="en">', `<html lang="${state.catalogue.locale}">`)
          // The tab names the business from the first byte; the client adds the page's heading (document-title.tsx).
          .replace(
            '<title>Storefront</title>',
            `<title>${escapeAttribute(state.settings?.businessName ?? 'Storefront')}</title>`,
          )
          .replace('</title>', `</title>${preloads.join('')}${screen?.leave ? '' : dataBlock(state)}`);
        // An element in the page itself is allowed by its hash; the policy allows no other.
        const allow = (directive: 'style-src' | 'script-src', source: string) => {
          const policy = reply.getHeader('content-security-policy');
          if (typeof policy === 'string')
            reply.header(
              'content-security-policy',
              policy.replace(`${directive} 'self'`, `${directive} 'self' ${source}`),
            );
        };
        if (screen) {
          if (stylesheet) {
            page = page.replace(stylesheet.link, stylesheet.element);
            allow('style-src', stylesheet.source);
          }
          page = page
            // Fetched after the first paint instead (src/client/main.tsx), or not at all by a page that leaves.
            .replace(/<link rel="modulepreload"[^>]*>/g, '');
        }
        if (screen?.leave) {
          // No application to start: the page shows the guard's notice and goes on to sign in by itself.
          const leave = `setTimeout(function(){location.assign(${JSON.stringify(screen.leave.to)})},${screen.leave.afterMs})`;
          page = page
            .replace(/<script type="module"[^>]*><\/script>/, '')
            .replace(
              '<div id="root"></div>',
              `<div id="root">${screen.html}</div>${screen.leave.notice}<script>${leave}</script>`,
            );
          allow('script-src', `'sha256-${createHash('sha256').update(leave).digest('base64')}'`);
        } else if (screen) {
          // Until the script has taken it over (src/client/start.tsx), a click or typing would be lost: the screen
          // takes none (inert), and says it is not ready (aria-disabled), which browser automation waits on.
          page = page.replace(
            '<div id="root"></div>',
            `<div id="root" inert aria-disabled="true">${screen.html}</div>`,
          );
        }
        const html = Buffer.from(page);
        const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
        reply
          .type('text/html; charset=utf-8')
          // The page carries the visitor's own sign-in state: never kept by a shared cache. Its language follows
          // the browser's when no choice was made.
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
          .header('etag', etag);
        if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
        const encoding = negotiateEncoding(req.headers['accept-encoding']);
        if (!encoding) return reply.send(html);
        return reply.header('content-encoding', encoding).send(compress(html, encoding));
      }
      if (wantsPage)
        return reply.code(503).type('text/plain').send('The client is not built yet: run "npm run build".');
      return sendError(
        req,
        reply,
        new AppError(
          'NOT_FOUND',
          sentence('No route for {method} {path}', { method: req.method, path: req.url.split('?')[0]! }),
        ),
      );
    });
  },
  { name: 'storefront-client', fastify: '5.x', dependencies: ['storefront-errors', 'storefront-compression'] },
);
