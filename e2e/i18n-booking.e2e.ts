import { createIntl } from '@formatjs/intl';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema/index';
import { catalogueFor } from '../src/shared/i18n/catalogues';
import type { MessageId } from '../src/shared/i18n/en';
import { INTL_TAGS, type Locale } from '../src/shared/i18n/locales';
import { formatMoney } from '../src/shared/orders';
import { longDayLabelOf } from '../src/client/lib/zoned-time';
import { mailLanguage } from '../src/server/mail/mail-language';
import { queuedMail } from '../src/testing/test-server';
import { DEMO_TZ, workdays } from './demo-days';
import { checkScreenAtBothViewports, sessionCookieFor, useE2eApp, type ViewportName, expectToast } from './harness';

/**
 * The guided booking page in the customer's language: a customer who chose Spanish books in Spanish and is written to
 * in Spanish; an English customer of the same business books in English and is written to in English. The texts are
 * the catalogue's, by id.
 */

const e2e = useE2eApp();

const intls = {
  en: createIntl({ locale: INTL_TAGS.en, messages: catalogueFor('en').messages }),
  es: createIntl({ locale: INTL_TAGS.es, messages: catalogueFor('es').messages }),
};
const sayIn = (locale: Locale, id: MessageId, values?: Record<string, string | number>) =>
  intls[locale].formatMessage({ id }, values);

const customers = {
  'es-desktop': { email: 'lucia-desk@example.com', firstName: 'Lucía', locale: 'es' },
  'es-phone': { email: 'lucia-phone@example.com', firstName: 'Lucía', locale: 'es' },
  'en-desktop': { email: 'logan-desk@example.com', firstName: 'Logan', locale: 'en' },
} as const;
type Journey = keyof typeof customers;
const cookies = {} as Record<Journey, string>;
const days = Object.fromEntries(
  (Object.keys(customers) as Journey[]).map((journey, i) => [journey, workdays(3)[i]!]),
) as Record<Journey, string>;
let facial: { price: string; duration: number };
let currency: string;

beforeAll(async () => {
  const db = e2e.server.database.db;
  for (const [journey, customer] of Object.entries(customers) as [Journey, (typeof customers)[Journey]][]) {
    await db.insert(users).values({ ...customer, lastName: 'Reyes' });
    cookies[journey] = await sessionCookieFor(e2e.server.database, customer.email);
  }
  facial = (await db.select().from(services)).find((s) => s.name === 'Signature Facial')!;
  currency = ((await (await fetch(`${e2e.server.baseUrl}/api/business/settings`)).json()) as { currency: string })
    .currency;
});

/**
 * Books the demo's Signature Facial with Sofia on the guided page, the first free time of the day, with the page's
 * texts in `locale`; checks the Spanish screens at both viewports. Answers the instant booked.
 */
async function bookGuided(page: Page, locale: Locale, date: string, check: (name: string) => Promise<void>) {
  const say = (id: MessageId, values?: Record<string, string | number>) => sayIn(locale, id, values);
  await page.goto('/employee-booking');
  expect(await page.locator('html').getAttribute('lang')).toBe(locale);
  await page.getByRole('heading', { level: 1, name: say('booking.guidedTitle') }).waitFor();
  await page.getByText(say('booking.guidedIntro')).waitFor();
  await page.getByRole('link', { name: say('booking.backToServices') }).waitFor();
  const step = (number: number, title: MessageId) =>
    page.getByRole('heading', { level: 2, name: `${say('booking.step', { number })} ${say(title)}` });
  await step(1, 'booking.chooseService').waitFor();
  // Minutes and price in the page's language: "60 minutos · 95,00 US$".
  await page
    .getByText(
      say('booking.minutesAndPrice', { minutes: facial.duration, price: formatMoney(facial.price, currency, locale) }),
    )
    .first()
    .waitFor();
  await page.getByRole('radio', { name: /Signature Facial/ }).check();
  await step(2, 'booking.chooseEmployee').waitFor();
  await page.getByRole('radio', { name: 'Sofia Marquez' }).check();
  await step(3, 'booking.pickDateTime').waitFor();
  await step(4, 'booking.addNotes').waitFor();
  await page.getByLabel(say('booking.date'), { exact: true }).fill(date);

  const times = page.getByRole('group', {
    name: say('booking.availableTimesOn', { date: longDayLabelOf(date, locale) }),
  });
  const first = times.getByRole('radio').first();
  await first.waitFor({ state: 'attached' });
  const time = await first.evaluate((input) => input.closest('label')!.textContent!.trim());
  const instant = (await first.getAttribute('value'))!;
  await page.getByText(time, { exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(say('booking.repeatTitle', { frequency: 'weekly' })) }).waitFor();
  await page.getByLabel(say('booking.notes')).fill(locale === 'es' ? 'Piel sensible.' : 'Sensitive skin.');
  await page.getByRole('heading', { name: say('booking.summary') }).waitFor();
  await page.getByText(say('booking.timeAndDuration', { time, minutes: facial.duration })).waitFor();
  await check('guided');

  // A weekly series, to see its texts, then back to one appointment.
  await page.getByRole('radio', { name: new RegExp(say('booking.repeatTitle', { frequency: 'weekly' })) }).check();
  await page.getByRole('combobox', { name: say('booking.appointmentCountLabel') }).waitFor();
  const each = formatMoney(facial.price, currency, locale);
  const total = formatMoney(Number(facial.price) * 4, currency, locale);
  await page.getByText(say('booking.priceSeries', { each, total })).waitFor();
  await check('guided-series');
  await page.getByRole('radio', { name: new RegExp(say('booking.doesNotRepeat')) }).check();

  await page.getByRole('button', { name: say('booking.confirm') }).click();
  await expectToast(page, say('booking.booked'));
  await page.getByText(say('booking.bookedText')).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  return new Date(instant);
}

/** The confirmation mail the customer got for that appointment, in `locale`. */
async function expectConfirmationMail(email: string, firstName: string, locale: Locale, startsAt: Date) {
  const language = mailLanguage({ email, locale }, { defaultLocale: 'en' });
  const mails = await queuedMail(e2e.server.database.db, email);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail!.subject).toBe(
    language.say('mail.appointment.bookedSubject', {
      service: 'Signature Facial',
      when: language.when(startsAt, DEMO_TZ),
    }),
  );
  const lines = mail!.text.split('\n');
  expect(lines).toContain(language.say('mail.hello', { name: firstName }));
  expect(lines).toContain(language.say('mail.appointment.booked'));
  expect(lines).toContain(
    language.say('mail.appointment.with', { service: 'Signature Facial', employee: 'Sofia Marquez' }),
  );
  expect(lines).toContain(language.say('mail.appointment.duration', { minutes: facial.duration }));
  return mail!;
}

describe.each<ViewportName>(['desktop', 'phone'])('a Spanish-speaking customer on %s', (viewport) => {
  const journey = `es-${viewport}` as const;

  it('books with an employee in Spanish and is written to in Spanish', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[journey] });
    const startsAt = await bookGuided(page, 'es', days[journey], (name) =>
      checkScreenAtBothViewports(page, `i18n-booking-${name}-es-${viewport}`),
    );
    await context.close();

    const mail = await expectConfirmationMail(customers[journey].email, 'Lucía', 'es', startsAt);
    expect(mail.subject.startsWith('Cita reservada: Signature Facial el ')).toBe(true);
    expect(mail.text).toContain('Notas: Piel sensible.');
  });
});

describe('the Spanish simple booking page', () => {
  it('says the deposit, the times and the notes in Spanish', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', cookie: cookies['es-desktop'] });
    const deepTissue = (await e2e.server.database.db.select().from(services)).find(
      (s) => s.name === 'Deep Tissue Massage',
    )!;
    await page.goto(`/booking?service=${deepTissue.id}`);
    await page.getByRole('heading', { level: 1, name: sayIn('es', 'booking.simpleTitle') }).waitFor();
    await page.getByRole('link', { name: 'Elige a tu empleado' }).waitFor();
    await page.getByText(sayIn('es', 'booking.serviceLocked')).waitFor();
    await page.getByTestId('deposit-note').getByText(sayIn('es', 'booking.depositAtAppointment')).waitFor();
    await page.getByText(sayIn('es', 'booking.chooseDateFirst')).waitFor();
    await page.getByRole('button', { name: sayIn('es', 'booking.bookAppointment') }).click();
    await expectToast(page, sayIn('es', 'booking.dateRequired'));
    await page.getByText(catalogueFor('es').sentences['Please select an appointment date.']!).first().waitFor();
    await page.getByLabel(sayIn('es', 'booking.date'), { exact: true }).fill(days['es-phone']);
    await page
      .getByRole('group', {
        name: sayIn('es', 'booking.freeTimesOn', { date: longDayLabelOf(days['es-phone'], 'es') }),
      })
      .getByRole('radio')
      .first()
      .waitFor({ state: 'attached' });
    await checkScreenAtBothViewports(page, 'i18n-booking-simple-es');
    await context.close();
  });
});

describe('an English-speaking customer of the same business', () => {
  it('books with an employee in English and is written to in English', async () => {
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie: cookies['en-desktop'], locale: 'es-ES' });
    // Their saved choice wins over a browser asking for Spanish.
    const startsAt = await bookGuided(page, 'en', days['en-desktop'], async () => {});
    await context.close();

    const mail = await expectConfirmationMail(customers['en-desktop'].email, 'Logan', 'en', startsAt);
    expect(mail.subject.startsWith('Appointment booked: Signature Facial on ')).toBe(true);
    expect(mail.text).toContain('Your appointment has been successfully scheduled.');
    expect(mail.text).toContain('Notes: Sensitive skin.');
  });
});
