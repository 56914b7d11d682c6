import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema/index';
import { dayLabelOf } from '../src/client/lib/zoned-time';
import { addCalendarDays, toZoned, weekdayOf, zonedToInstant } from '../src/server/booking/zoned-time';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  toast,
} from './harness';

/** Booking a weekly series on the guided page, a date that is taken meanwhile, and the series in the profile. */

const e2e = useE2eApp();
const TZ = 'America/New_York';
const cookies = {} as Record<ViewportName, string>;
let rival: string;
let facialId: string;
let sofiaId: string;

beforeAll(async () => {
  const db = e2e.server.database.db;
  await db.insert(users).values([
    { email: 'series-desktop@example.com', firstName: 'Jordan', lastName: 'Desk' },
    { email: 'series-phone@example.com', firstName: 'Jordan', lastName: 'Phone' },
    { email: 'rival@example.com', firstName: 'Riley', lastName: 'Rival' },
  ]);
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
    await toast(page, 'Booking Failed').waitFor();
    await page.getByText(`Not available on ${dates[2]}.`).waitFor();
    const mine = await api('GET', '/appointments', cookies[viewport]);
    expect(mine).toEqual([]);

    // They cancel; the same series now goes through.
    await api('POST', `/appointments/${taken.id}/cancel`, rival);
    await page.getByText('9:00 AM', { exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await toast(page, 'Appointments Booked').waitFor();
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
    await toast(page, 'Appointments Cancelled').waitFor();
    await rows.nth(2).getByText('Cancelled').waitFor();
    await rows.nth(1).getByText('Cancelled').waitFor();
    await rows.nth(0).getByText('Pending').waitFor();
    await context.close();
  });
});
