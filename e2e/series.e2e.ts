import { createIntl } from '@formatjs/intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema/index';
import { clockLabelOf, dayLabelOf } from '../src/client/lib/zoned-time';
import { toZoned, zonedToInstant } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import { catalogueFor } from '../src/shared/i18n/catalogues';
import type { MessageId } from '../src/shared/i18n/en';
import { INTL_TAGS, type Locale } from '../src/shared/i18n/locales';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  expectToast,
} from './harness';

/** Booking a weekly series on the guided page, a date that is taken meanwhile, and the series in the profile. */

const e2e = useE2eApp();
const TZ = 'America/New_York';
const cookies = {} as Record<ViewportName, string>;
let rival: string;
let facialId: string;
let sofiaId: string;
const edgeCookies = {} as Record<ViewportName, string>;
let windowDays: number;

beforeAll(async () => {
  const db = e2e.server.database.db;
  await db.insert(users).values([
    { email: 'series-desktop@example.com', firstName: 'Jordan', lastName: 'Desk' },
    { email: 'series-phone@example.com', firstName: 'Jordan', lastName: 'Phone' },
    { email: 'rival@example.com', firstName: 'Riley', lastName: 'Rival' },
    { email: 'edge-desktop@example.com', firstName: 'Eddie', lastName: 'Edge' },
    { email: 'edge-phone@example.com', firstName: 'Elena', lastName: 'Borde', locale: 'es' },
  ]);
  edgeCookies.desktop = await sessionCookieFor(e2e.server.database, 'edge-desktop@example.com');
  edgeCookies.phone = await sessionCookieFor(e2e.server.database, 'edge-phone@example.com');
  const settings = (await (await fetch(`${e2e.server.baseUrl}/api/business/settings`)).json()) as {
    bookingWindowDays: number;
  };
  windowDays = settings.bookingWindowDays;
  cookies.desktop = await sessionCookieFor(e2e.server.database, 'series-desktop@example.com');
  cookies.phone = await sessionCookieFor(e2e.server.database, 'series-phone@example.com');
  rival = await sessionCookieFor(e2e.server.database, 'rival@example.com');
  facialId = (await db.select().from(services)).find((s) => s.name === 'Signature Facial')!.id;
  sofiaId = (await db.select().from(users)).find((u) => u.email === 'sofia@example.com')!.id;
});

/**
 * A weekday two or more days ahead for each viewport (Sofia works every weekday and has no date override; the
 * demo's own appointments start at 10:00, 13:00 and 15:30, so 9:00 is free on every one of them).
 */
function firstWeekdays(): Record<ViewportName, string> {
  const today = toZoned(new Date(), TZ).date;
  const days: string[] = [];
  for (let i = 2; days.length < 2; i++) {
    const date = addCalendarDays(today, i);
    if (weekdayOf(date) >= 1 && weekdayOf(date) <= 5) days.push(date);
  }
  return { desktop: days[0]!, phone: days[1]! };
}
const starts = firstWeekdays();

const shownAt = (date: string) => `${dayLabelOf(date, 'weekdayMonthDayYear')} at 9:00 AM`;

async function api(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${e2e.server.baseUrl}/api${path}`, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

describe.each<ViewportName>(['desktop', 'phone'])('a weekly series on %s', (viewport) => {
  const first = starts[viewport];
  const dates = [0, 7, 14].map((days) => addCalendarDays(first, days));

  it('books three weeks on the guided page; a week taken meanwhile is named and nothing is booked', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/employee-booking');
    await page.getByRole('radio', { name: /Signature Facial/ }).check();
    await page.getByRole('radio', { name: 'Sofia Marquez' }).check();
    await page.getByLabel('Date', { exact: true }).fill(first);
    await page.getByText('9:00 AM', { exact: true }).click();
    await page.getByRole('radio', { name: /Repeat weekly/ }).check();
    await page.getByRole('combobox', { name: 'Number of appointments' }).click();
    await page.getByRole('option', { name: '3 appointments' }).click();
    await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
    await page.getByText(`Weekly, 3 appointments: ${dates.map((d) => dayLabelOf(d, 'monthDay')).join(', ')}`).waitFor();
    // The demo's Signature Facial is $95.00 an appointment.
    await page.getByText('$95.00 each, $285.00 in all').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `series-guided-${viewport}`);

    // Someone else takes the third week's time while the page shows it.
    const taken = await api('POST', '/appointments', rival, {
      serviceId: facialId,
      employeeId: sofiaId,
      dateTime: zonedToInstant(dates[2]!, 9 * 60, TZ).toISOString(),
    });
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(page, 'Booking Failed');
    // The dates as the page writes them, not as the API names them (YYYY-MM-DD).
    await page.getByText(`Not available on ${dayLabelOf(dates[2]!, 'monthDay')}.`).waitFor();
    expect(await page.getByText(dates[2]!).count()).toBe(0);
    const mine = await api('GET', '/appointments', cookies[viewport]);
    expect(mine).toEqual([]);

    // They cancel; the same series now goes through.
    await api('POST', `/appointments/${taken.id}/cancel`, rival);
    await page.getByText('9:00 AM', { exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(page, 'Appointments Booked');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows the series as one entry in the profile and cancels a week and the later ones', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/profile');
    const series = page.getByTestId('profile-series');
    await series.getByText('3 appointments with Sofia Marquez').waitFor();
    const rows = series.getByTestId('profile-appointment');
    for (const [i, date] of dates.entries()) await rows.nth(i).getByText(shownAt(date)).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `series-profile-${viewport}`);

    await rows.nth(1).getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await confirm.getByText(/part of a series with 1 later appointment/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `series-cancel-${viewport}`);
    await confirm.getByRole('button', { name: 'Cancel This and Later' }).click();
    await expectToast(page, 'Appointments Cancelled');
    await rows.nth(2).getByText('Cancelled').waitFor();
    await rows.nth(1).getByText('Cancelled').waitFor();
    await rows.nth(0).getByText('Pending').waitFor();
    await context.close();
  });
});

const intls = {
  en: createIntl({ locale: INTL_TAGS.en, messages: catalogueFor('en').messages }),
  es: createIntl({ locale: INTL_TAGS.es, messages: catalogueFor('es').messages }),
};

/**
 * Near the end of the booking window (the demo's, read from the settings) a weekly series fits only two appointments
 * and one every 2 weeks none: the page offers only what the server will book, and a date taken meanwhile is named as
 * the page's language writes dates. English on the desktop, Spanish (the customer's saved choice) on the phone.
 */
describe.each<[ViewportName, Locale]>([
  ['desktop', 'en'],
  ['phone', 'es'],
])('a series near the end of the booking window on %s, in %s', (viewport, locale) => {
  const say = (id: MessageId, values?: Record<string, string | number>) => intls[locale].formatMessage({ id }, values);

  /**
   * Weekdays whose next week is the last one inside the window (a second appointment fits, a third does not), 9:00
   * of neither taken by the weekly series above; one per viewport.
   */
  function edgeDay(): string {
    const today = toZoned(new Date(), TZ).date;
    const used = Object.values(starts).flatMap((start) => [0, 7, 14].map((days) => addCalendarDays(start, days)));
    const candidates: string[] = [];
    for (let offset = windowDays - 13; offset <= windowDays - 7; offset++) {
      const date = addCalendarDays(today, offset);
      const free = ![date, addCalendarDays(date, 7)].some((d) => used.includes(d));
      if (weekdayOf(date) >= 1 && weekdayOf(date) <= 5 && free) candidates.push(date);
    }
    return candidates[viewport === 'desktop' ? 0 : 1]!;
  }

  it('offers only the appointments that fit, and says a taken date as the language writes it', async () => {
    const first = edgeDay();
    const second = addCalendarDays(first, 7);
    const lastDay = addCalendarDays(toZoned(new Date(), TZ).date, windowDays);
    const monthDay = (date: string) => dayLabelOf(date, 'monthDay', locale);
    const { context, page } = await e2e.open({ viewport, cookie: edgeCookies[viewport] });
    await page.goto('/employee-booking');
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    await page.getByRole('radio', { name: /Signature Facial/ }).check();
    await page.getByRole('radio', { name: 'Sofia Marquez' }).check();
    await page.getByLabel(say('booking.date'), { exact: true }).fill(first);
    await page.getByText(clockLabelOf('09:00', locale), { exact: true }).click();

    // Every 2 weeks would reach beyond the window: shown, not offered, and the page says why.
    const biweekly = page.getByRole('radio', { name: say('booking.repeatTitle', { frequency: 'biweekly' }) });
    await expect.poll(() => biweekly.isDisabled()).toBe(true);
    await page.getByText(say('booking.repeatBeyondWindow', { lastDay: monthDay(lastDay) })).waitFor();

    // Weekly: two appointments, no more, and the sentence under the count says why.
    await page.getByRole('radio', { name: say('booking.repeatTitle', { frequency: 'weekly' }) }).check();
    await page.getByText(say('booking.seriesWindowLimit', { lastDay: monthDay(lastDay), count: 2 })).waitFor();
    await page.getByRole('combobox', { name: say('booking.appointmentCountLabel') }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual([say('booking.appointmentCount', { count: 2 })]);
    await page.keyboard.press('Escape');
    const summary = say('booking.repeatSummary', {
      frequency: 'weekly',
      count: 2,
      dates: [first, second].map(monthDay).join(', '),
    });
    await page.getByText(summary).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `series-window-end-${viewport}`);

    // Someone takes the second week meanwhile: the refusal names it as the page writes dates, not as 2026-12-08.
    const taken = await api('POST', '/appointments', rival, {
      serviceId: facialId,
      employeeId: sofiaId,
      dateTime: zonedToInstant(second, 9 * 60, TZ).toISOString(),
    });
    await page.getByRole('button', { name: say('booking.confirm') }).click();
    await expectToast(page, say('booking.failed'));
    await page
      .locator('[data-sonner-toaster]')
      .getByText(say('booking.seriesUnavailable', { dates: intls[locale].formatList([monthDay(second)]) }))
      .waitFor();
    expect(await page.getByText(second).count()).toBe(0);
    await screenshot(page, `series-window-end-taken-${viewport}`);
    expect(await api('GET', '/appointments', edgeCookies[viewport])).toEqual([]);

    // Freed again: the two appointments, the last one inside the window, are booked.
    await api('POST', `/appointments/${taken.id}/cancel`, rival);
    await page.getByText(clockLabelOf('09:00', locale), { exact: true }).click();
    await page.getByText(summary).waitFor();
    await page.getByRole('button', { name: say('booking.confirm') }).click();
    await expectToast(page, say('booking.seriesBooked'));
    await page.waitForURL((url) => url.pathname === '/');
    const booked = (await api('GET', '/appointments', edgeCookies[viewport])) as unknown as { dateTime: string }[];
    expect(booked.map((a) => a.dateTime).sort()).toEqual(
      [first, second].map((d) => zonedToInstant(d, 9 * 60, TZ).toISOString()),
    );
    await context.close();
  });
});
