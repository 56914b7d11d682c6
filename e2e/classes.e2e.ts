import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { toZoned, zonedToInstant } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectToast,
} from './harness';

/** Booking a seat in the demo's Group Yoga class (capacity 8, with Sofia) and the class in the admin calendar. */

const e2e = useE2eApp();
const TZ = 'America/New_York';
const cookies = {} as Record<ViewportName, string>;
let classmate: string;
let yogaId: string;
let sofiaId: string;

beforeAll(async () => {
  const db = e2e.server.database.db;
  await db.insert(users).values([
    { email: 'yoga-desktop@example.com', firstName: 'Robin', lastName: 'Desk' },
    { email: 'yoga-phone@example.com', firstName: 'Robin', lastName: 'Phone' },
    { email: 'classmate@example.com', firstName: 'Casey', lastName: 'Classmate' },
  ]);
  cookies.desktop = await sessionCookieFor(e2e.server.database, 'yoga-desktop@example.com');
  cookies.phone = await sessionCookieFor(e2e.server.database, 'yoga-phone@example.com');
  classmate = await sessionCookieFor(e2e.server.database, 'classmate@example.com');
  yogaId = (await db.select().from(services)).find((s) => s.name === 'Group Yoga')!.id;
  sofiaId = (await db.select().from(users)).find((u) => u.email === 'sofia@example.com')!.id;
});

/** A weekday two or more days ahead per viewport: Sofia works weekdays, and the demo books her from 10:00 on. */
function weekdays(): Record<ViewportName, string> {
  const today = toZoned(new Date(), TZ).date;
  const days: string[] = [];
  for (let i = 2; days.length < 2; i++) {
    const date = addCalendarDays(today, i);
    if (weekdayOf(date) >= 1 && weekdayOf(date) <= 5) days.push(date);
  }
  return { desktop: days[0]!, phone: days[1]! };
}
const dates = weekdays();

const nineOClock = (page: Page) => page.locator('label').filter({ hasText: /^9:00 AM/ });

describe.each<ViewportName>(['desktop', 'phone'])('a class seat on %s', (viewport) => {
  const date = dates[viewport];

  it('shows the seats left on both booking pages, books one, and the calendar shows the class once', async () => {
    // A classmate already has a seat at 9:00: 7 of 8 are left.
    const seat = await fetch(`${e2e.server.baseUrl}/api/appointments`, {
      method: 'POST',
      headers: { cookie: classmate, 'content-type': 'application/json' },
      body: JSON.stringify({ serviceId: yogaId, employeeId: sofiaId, dateTime: zonedToInstant(date, 9 * 60, TZ) }),
    });
    expect(seat.status).toBe(200);

    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto(`/booking?service=${yogaId}`);
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    await page.getByLabel('Date', { exact: true }).fill(date);
    await nineOClock(page).getByText('7 seats left').waitFor();
    await nineOClock(page).click();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `class-booking-${viewport}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Appointment Booked');
    await page.waitForURL(/\/profile$/);

    // The guided page counts the new seat too, and a second seat for the same person is refused with a sentence.
    await page.goto(`/employee-booking?service=${yogaId}&employee=${sofiaId}&date=${date}`);
    await nineOClock(page).getByText('6 seats left').waitFor();
    await nineOClock(page).click();
    await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `class-guided-${viewport}`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(page, 'Booking Failed');
    await page.getByText('You already have a seat in this class.').first().waitFor();
    await context.close();

    const admin = await e2e.open({ viewport, cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL) });
    await admin.page.goto('/admin/calendar');
    await admin.page.getByLabel('Date', { exact: true }).fill(date);
    const session = admin.page.getByRole('list', { name: /^Attendees of Group Yoga at 9:00 AM$/ });
    await session.getByText('Casey Classmate').waitFor();
    await session.getByText(`Robin ${viewport === 'desktop' ? 'Desk' : 'Phone'}`).waitFor();
    await admin.page.getByText('Class · 2 attendees').first().waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, `class-calendar-${viewport}`);

    // The employee portal shows the class once too, with each attendee's own actions.
    const sofia = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, 'sofia@example.com'),
    });
    await sofia.page.goto('/employee/appointments');
    const robin = `Robin ${viewport === 'desktop' ? 'Desk' : 'Phone'}`;
    // Casey has a seat on both viewports' days: this day's session is the one with this viewport's Robin.
    const attendees = sofia.page.getByRole('list', { name: 'Attendees of Group Yoga' }).filter({ hasText: robin });
    await attendees.getByText('Casey Classmate').waitFor();
    expect(await attendees.getByRole('button', { name: 'Confirm' }).count()).toBe(2);
    // Each attendee's e-mail, a link for the instructor to write to them.
    const caseyMail = attendees.getByRole('link', { name: 'classmate@example.com' });
    expect(await caseyMail.getAttribute('href')).toBe('mailto:classmate@example.com');
    expect(await attendees.getByRole('link', { name: `yoga-${viewport}@example.com` }).getAttribute('href')).toBe(
      `mailto:yoga-${viewport}@example.com`,
    );
    await expectNoSeriousAxeViolations(sofia.page);
    await screenshot(sofia.page, `class-portal-${viewport}`);
    await sofia.context.close();
    await admin.context.close();
  });

  it('an admin creates a class with the Capacity field (1 to 100)', async () => {
    const name = `Pilates Mat (${viewport})`;
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/services');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Price ($)').fill('20');
    expect(await dialog.getByLabel('Capacity').inputValue()).toBe('1');
    // This app has no card payments: the deposit's text says it is paid at the appointment, as the booking pages do.
    expect(await dialog.getByTestId('deposit-payment-text').textContent()).toBe(
      'Card payments are not set up, so customers pay it at their appointment; the booking pages tell them so.',
    );
    await dialog.getByLabel('Capacity').fill('101');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await dialog.getByText('Capacity must be at most 100').waitFor();
    await dialog.getByLabel('Capacity').fill('6');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `class-service-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await page.getByRole('status').getByText('Service Created').waitFor();
    await page.getByText('class of 6').first().waitFor();
    const created = (await e2e.server.database.db.select().from(services)).find((s) => s.name === name);
    expect(created?.capacity).toBe(6);
    await context.close();
  });
});
