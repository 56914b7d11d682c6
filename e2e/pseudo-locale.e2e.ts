import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, DEMO_EMPLOYEE_EMAIL } from '../src/server/demo/seed';
import { LOCALE_NAMES } from '../src/shared/i18n/locales';
import { PSEUDO_OPEN, pseudoCatalogue, withoutPseudoText } from '../src/shared/i18n/pseudo';
import { orderNumber } from '../src/shared/orders';
import { screenshot, sessionCookieFor, useE2eApp } from './harness';

/*
 * Every screen in the pseudo language (src/shared/i18n/pseudo.ts): each text from a catalogue is marked, so what
 * is left once the marked text is taken out must be the business's data (read from the database), numbers, money,
 * dates and times, or punctuation. Any word left is English written in the code.
 */
const e2e = useE2eApp({ pageCatalogue: pseudoCatalogue });

const CUSTOMER = 'sam.taylor@example.com';

/** Texts of the business's own (names, descriptions, messages, …), longest first, as the database holds them. */
let data: string[] = [];
let customerOrder = '';
let anyOrder = '';

beforeAll(async () => {
  const db = e2e.server.database.db;
  const [
    settings,
    people,
    roles,
    products,
    services,
    messages,
    orders,
    items,
    codes,
    applications,
    visits,
    keys,
    log,
    packs,
    places,
    resources,
    endpoints,
    calendars,
    cards,
  ] = await Promise.all([
    db.select().from(s.businessSettings),
    db.select().from(s.users),
    db.select().from(s.roles).where(eq(s.roles.isSystemRole, false)),
    db.select().from(s.products),
    db.select().from(s.services),
    db.select().from(s.chatMessages),
    db.select().from(s.orders),
    db.select().from(s.orderItems),
    db.select().from(s.discountCodes),
    db.select().from(s.employeeApplications),
    db.select().from(s.appointments),
    db.select().from(s.apiKeys),
    db.select().from(s.auditLog),
    db.select().from(s.servicePackages),
    db.select().from(s.locations),
    db.select().from(s.resources),
    db.select().from(s.webhookEndpoints),
    db.select().from(s.externalCalendars),
    db.select().from(s.giftCards),
  ]);
  // A person as the screens name them: in full, by first name, by initials (an avatar).
  const person = (p: { firstName: string; lastName: string; email: string; phone: string | null }) => [
    p.firstName,
    p.lastName,
    `${p.firstName} ${p.lastName}`,
    p.firstName[0],
    p.lastName[0],
    `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`,
    p.email,
    p.phone,
  ];
  data = [
    ...settings.flatMap((b) => [b.businessName, b.businessDescription, b.timezone, b.currency]),
    ...people.flatMap(person),
    ...applications.flatMap((a) => [...person(a), a.bio, a.experience, a.specialties, a.reviewNotes]),
    ...roles.flatMap((r) => [r.name, r.displayName, r.description]),
    ...[...products, ...services].flatMap((item) => [item.name, item.description, item.category]),
    ...messages.map((m) => m.message),
    ...orders.flatMap((o) => [orderNumber(o.id), o.discountCode]),
    ...items.map((i) => i.productName),
    ...codes.map((c) => c.code),
    ...visits.flatMap((v) => [v.notes, ...v.answers.flatMap((a) => [a.label, String(a.answer)])]),
    ...services.flatMap((item) => item.questions.flatMap((q) => [q.label, ...(q.options ?? [])])),
    ...packs.map((p) => p.name),
    ...places.flatMap((l) => [l.name, l.address]),
    ...resources.map((r) => r.name),
    // An endpoint's description, its address and the types of event it listens to (names for programs).
    ...endpoints.flatMap((e) => [e.description, e.url, ...e.events]),
    ...calendars.map((c) => c.name),
    ...cards.flatMap((c) => [c.code, c.recipientEmail, c.message]),
    ...keys.flatMap((k) => [k.name, k.prefix]),
    // The audit log's summaries are said by the server, in the language the page asks for: English, since the
    // pseudo language is the page's alone (their Spanish is checked by src/shared/i18n/sentences.test.ts).
    ...log.map((entry) => entry.summary),
    // Languages are named in themselves in the language menu.
    ...Object.values(LOCALE_NAMES),
  ]
    .filter((text): text is string => !!text?.trim())
    .sort((a, b) => b.length - a.length);

  const [sam] = await db.select().from(s.users).where(eq(s.users.email, CUSTOMER));
  customerOrder = orders.find((o) => o.userId === sam!.id)!.id;
  anyOrder = orders[0]!.id;
  // Something in the customer's cart, so the cart and the checkout show their full screens.
  await db.insert(s.cartItems).values({ userId: sam!.id, productId: products[0]!.id, quantity: 2 });
});

/** Dates and times are formatted by Intl (English formats): their month and day names and AM/PM are not code's. */
const DATE_WORDS = new Set(
  ['long', 'short', 'narrow'].flatMap((width) => {
    const style = width as 'long' | 'short' | 'narrow';
    const months = Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat('en-US', { month: style, timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)),
    );
    const days = Array.from({ length: 7 }, (_, d) =>
      new Intl.DateTimeFormat('en-US', { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + d)),
    );
    // A list's "and" is Intl's too (formatList).
    const and = new Intl.ListFormat('en-US')
      .format(['a', 'b'])
      .replace(/\b[ab]\b/g, '')
      .trim();
    return [...months, ...days, 'AM', 'PM', and];
  }),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Takes each of the texts out of a text (longest first), where it stands as whole words (`Martin`, not inside `Martinique`). */
function without(text: string, texts: string[]): string {
  let rest = text;
  for (const value of texts) {
    if (rest.includes(value)) rest = rest.replace(new RegExp(`(?<!\\p{L})${escape(value)}(?!\\p{L})`, 'gu'), ' ');
  }
  return rest;
}

/**
 * What is left of a text once the marked (catalogue) text, the names (the data and the names Intl gives time zones
 * and currencies, longest first) and the dates are taken out: English words.
 */
function leftover(text: string, names: string[]): string[] {
  const unmarked = withoutPseudoText(text)
    // URLs are not words (a placeholder's `https://`), nor are keys (a shortcut, `alt+T`: the keyboard's names).
    .replace(/\bhttps?:\/\/\S*/g, ' ')
    .replace(/\b(alt|ctrl|shift|meta)\+\w\b/gi, ' ')
    // An appointment's start in English: "Mon, Nov 23, 2026 at 9:30 AM" (src/client/lib/zoned-time.ts).
    .replace(/(\d{4}) at (\d{1,2}:\d{2})/g, '$1 $2');
  const rest = without(unmarked, names);
  return (rest.match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((word) => !DATE_WORDS.has(word));
}

/**
 * Every visible text node of the page, and the aria-label, placeholder, title and alt of every visible element;
 * not what is marked as not to be translated (`translate="no"`: a product's name, an HTTP header). Beside them,
 * the names the browser's Intl gives time zones and currencies (a select lists them).
 */
function pageTexts(page: Page): Promise<{ texts: string[]; intlNames: string[] }> {
  return page.evaluate(() => {
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[translate="no"]');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // A select's options are not rendered boxes: they are shown when the select is.
      if (shown(parent.closest('select') ?? parent)) texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    const currencyName = new Intl.DisplayNames(['en-US'], { type: 'currency' });
    const intlNames = [
      ...Intl.supportedValuesOf('timeZone').flatMap((zone) => [zone, zone.replaceAll('_', ' ')]),
      ...Intl.supportedValuesOf('currency').flatMap((code) => [code, currencyName.of(code) ?? code]),
    ];
    return { texts, intlNames };
  });
}

/** Counts the page's fetches under way (the API's calls; a live feed is an EventSource, not one of them). */
function countFetches(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { fetchesUnderWay: number };
    w.fetchesUnderWay = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = async (...args) => {
      w.fetchesUnderWay++;
      try {
        return await fetch(...args);
      } finally {
        w.fetchesUnderWay--;
      }
    };
  });
}

/**
 * Until the page's main content is there: a heading, then no spinner and no fetch under way for ten frames in a
 * row, so a load that a finished one starts (a list, then its details) is waited for too. Fixed pauses (twice
 * 400 ms without a spinner) waited as long on a screen that was ready at once: a fifth of this file's time.
 */
async function settled(page: Page) {
  await page.locator('h1, h2').first().waitFor();
  await page.evaluate(() => ((window as unknown as { quietFrames: number }).quietFrames = 0));
  await page.waitForFunction(
    () => {
      const w = window as unknown as { fetchesUnderWay: number; quietFrames?: number };
      const quiet = w.fetchesUnderWay === 0 && !document.querySelector('.animate-spin');
      // A guard's redirect starts a new document, where the count starts at none.
      w.quietFrames = quiet ? (w.quietFrames ?? 0) + 1 : 0;
      return w.quietFrames >= 10;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * The button beside the page's heading (Add Product, New code, …), or in the group of actions there, found by place:
 * its name is in the catalogue.
 */
const headerButton = (page: Page) => page.locator('main :has(> h1) ~ button, main :has(> h1) ~ div button').first();

async function openDialog(page: Page) {
  await headerButton(page).click();
  await page.getByRole('dialog').waitFor();
  await settled(page);
}

interface Screen {
  /** `:id` is an order: the customer's own, or any for the admin. */
  path: string;
  as?: string;
  /** Brings up what is checked on top of the page (a dialog, a notice). */
  then?: (page: Page) => Promise<void>;
  name?: string;
}

/** The dashboard's Activity tab (the audit log), found by its name in the pseudo language. */
const activity = async (page: Page) => {
  const name = pseudoCatalogue().messages['staff.activity'];
  await page.getByRole('tab', { name }).click();
  await page.getByRole('list', { name }).waitFor();
  await settled(page);
};

/** A guard's notice, shown as a toast before the guard sends the visitor on. */
const notice = async (page: Page) => {
  await page.locator('[role=status], [role=alert]').filter({ hasText: /\S/ }).first().waitFor();
};

const screens: Screen[] = [
  // A visitor.
  { path: '/' },
  { path: '/employee/login' },
  { path: '/employee/register' },
  { path: '/employee/set-password' },
  { path: '/sign-in-error' },
  { path: '/no/such/page' },
  // (A visitor at a customer's page is sent to the identity provider's sign-in: not one of the product's screens.)
  { path: '/employee/appointments', name: 'portal notice', then: notice },
  // A customer.
  ...['/', '/products', '/services', '/booking', '/employee-booking', '/profile', '/cart', '/checkout'].map((path) => ({
    path,
    as: CUSTOMER,
  })),
  { path: '/orders/:id', as: CUSTOMER },
  // The admin.
  ...[
    '/admin',
    '/admin/users',
    '/admin/roles',
    '/admin/customers',
    '/admin/products',
    '/admin/services',
    '/admin/calendar',
    '/admin/employee-schedules',
    '/admin/employee-applications',
    '/admin/settings',
    '/admin/integrations',
    '/admin/orders',
    '/admin/discounts',
    '/admin/packages',
    '/admin/gift-cards',
    '/admin/messages',
    '/my-schedule',
    '/admin/no-such-page',
  ].map((path) => ({ path, as: DEMO_ADMIN_EMAIL })),
  { path: '/admin/orders/:id', as: DEMO_ADMIN_EMAIL },
  { path: '/admin', as: DEMO_ADMIN_EMAIL, name: 'activity', then: activity },
  { path: '/admin/products', as: DEMO_ADMIN_EMAIL, name: 'product dialog', then: openDialog },
  { path: '/admin/services', as: DEMO_ADMIN_EMAIL, name: 'service dialog', then: openDialog },
  { path: '/admin/discounts', as: DEMO_ADMIN_EMAIL, name: 'discount dialog', then: openDialog },
  { path: '/admin/packages', as: DEMO_ADMIN_EMAIL, name: 'package dialog', then: openDialog },
  // An employee, in the portal.
  ...[
    '/employee',
    '/employee/dashboard',
    '/employee/appointments',
    '/employee/availability',
    '/employee/schedule',
    '/employee/profile',
  ].map((path) => ({ path, as: DEMO_EMPLOYEE_EMAIL })),
];

const title = (screen: Screen) =>
  `${screen.path}${screen.name ? ` (${screen.name})` : ''} as ${screen.as ?? 'a visitor'}`;

// One page per person, going from screen to screen as a person does (each screen still a new document). A new
// context and page for each screen started a renderer and compiled the client again every time: the file took 185 s
// of CPU (Chromium's, node's, PostgreSQL's) instead of 84.
const pages = new Map<string, Promise<Page>>();
function pageAs(as: string | undefined): Promise<Page> {
  const key = as ?? '';
  let page = pages.get(key);
  if (!page) {
    page = (async () => {
      const cookie = as ? await sessionCookieFor(e2e.server.database, as) : undefined;
      const opened = await e2e.open({ viewport: 'desktop', cookie });
      await countFetches(opened.page);
      return opened.page;
    })();
    pages.set(key, page);
  }
  return page;
}

describe('the pseudo language on every screen', () => {
  it.each(screens.map((screen) => [title(screen), screen] as const))(
    '%s shows no English of its own',
    async (_, screen) => {
      const page = await pageAs(screen.as);
      const path = screen.path.replace(':id', screen.as === CUSTOMER ? customerOrder : anyOrder);
      await page.goto(path);
      await settled(page);
      await screen.then?.(page);
      await screenshot(
        page,
        `pseudo-${title(screen)
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')}`,
      );
      const { texts, intlNames } = await pageTexts(page);
      const names = [...data, ...intlNames].sort((a, b) => b.length - a.length);
      // The page is in the pseudo language at all (a blank or an English page would find nothing to report).
      expect(texts.some((text) => text.includes(PSEUDO_OPEN))).toBe(true);
      const english = [...new Set(texts)]
        .map((text) => ({ text, words: leftover(text, names) }))
        .filter(({ words }) => words.length > 0)
        .map(({ text, words }) => `${words.join(' ')}   ← "${text}"`);
      expect(english, `English left on ${path}`).toEqual([]);
    },
  );
});
