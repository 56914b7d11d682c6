import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema/index';
import { dayLabelOf } from '../src/client/lib/zoned-time';
import { toZoned } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import { DEMO_TZ, workdays } from './demo-days';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  expectToast,
} from './harness';

const e2e = useE2eApp();
const TZ = DEMO_TZ;
const cookies = {} as Record<ViewportName, string>;
let massageId: string;

beforeAll(async () => {
  // Fresh customers, so their profile shows exactly what these journeys booked.
  for (const viewport of ['desktop', 'phone'] as const) {
    const email = `booker-${viewport}@example.com`;
    await e2e.server.database.db
      .insert(users)
      .values({ email, firstName: 'Robin', lastName: viewport === 'desktop' ? 'Desk' : 'Phone' });
    cookies[viewport] = await sessionCookieFor(e2e.server.database, email);
  }
  const rows = await e2e.server.database.db.select({ id: services.id, name: services.name }).from(services);
  massageId = rows.find((r) => r.name === 'Swedish Massage')!.id;
});

function sunday(from: number): string {
  const today = toZoned(new Date(), TZ).date;
  for (let i = from; ; i++) if (weekdayOf(addCalendarDays(today, i)) === 0) return addCalendarDays(today, i);
}

const [quickDesktop, quickPhone, guidedDesktop, guidedPhone] = workdays(4);
// The time each viewport's Quick Book journey booked, for the profile journey to cancel.
const quickBooked = {} as Record<ViewportName, string>;
const labelOf = (time: Locator) => time.evaluate((input) => input.closest('label')!.textContent!.trim());
/** How the profile shows an appointment's start: "Mon, Nov 30, 2026 at 9:30 AM". */
const shownAt = (date: string, time: string) => `${dayLabelOf(date, 'weekdayMonthDayYear')} at ${time}`;

describe.each<ViewportName>(['desktop', 'phone'])('booking journeys on %s', (viewport) => {
  const date = viewport === 'desktop' ? quickDesktop! : quickPhone!;
  const guidedDate = viewport === 'desktop' ? guidedDesktop! : guidedPhone!;

  it('books from Quick Book: locked service, validation toasts, a day without times, a taken time, success', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/services');
    await page
      .getByTestId('service-card')
      .filter({ hasText: 'Swedish Massage' })
      .getByRole('link', { name: 'Quick Book' })
      .click();
    await page.waitForURL(/\/booking\?service=/);
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    const service = page.getByLabel('Service');
    await expect(service.textContent()).resolves.toContain('Swedish Massage');
    expect(await service.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Date Required');
    await page.getByText('Please select an appointment date.').first().waitFor();

    await page.getByLabel('Date', { exact: true }).fill(sunday(1));
    await page.getByText(/^No free times on Sunday/).waitFor();
    await page.getByLabel('Date', { exact: true }).fill(date);
    const times = page.getByRole('radio');
    await times.first().waitFor();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Time Required');
    await expectNoSeriousAxeViolations(page);

    // Someone else takes the first time while this page shows it.
    const firstTime = await labelOf(times.first());
    await page.getByText(firstTime, { exact: true }).click();
    const firstStart = await times.first().getAttribute('value');
    await page.getByLabel('Notes (optional)').fill('Lavender oil, please.');
    const other = await fetch(`${e2e.server.baseUrl}/api/appointments`, {
      method: 'POST',
      headers: { cookie: cookies[viewport === 'desktop' ? 'phone' : 'desktop'], 'content-type': 'application/json' },
      body: JSON.stringify({ serviceId: massageId, dateTime: firstStart, employeeId: massageId }),
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Booking Failed');
    await page.getByText('That time is no longer available. Please choose another time.').waitFor();
    await page.getByText(firstTime, { exact: true }).waitFor({ state: 'detached' });
    await screenshot(page, `booking-simple-taken-${viewport}`);

    // The day's next free time: which times the demo's own appointments leave free depends on the calendar day.
    quickBooked[viewport] = await labelOf(times.first());
    await page.getByText(quickBooked[viewport], { exact: true }).click();
    await screenshot(page, `booking-simple-${viewport}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Appointment Booked');
    await page.getByText('Your appointment has been successfully scheduled.').waitFor();
    await page.waitForURL(/\/profile$/);
    await page
      .getByTestId('profile-appointment')
      .filter({ hasText: 'Swedish Massage' })
      .getByText(shownAt(date, quickBooked[viewport]))
      .waitFor();
    await context.close();
  });

  it('books with a chosen employee in four steps', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/services');
    await page.getByTestId('service-card').first().getByRole('link', { name: 'Choose Employee' }).click();
    await page.waitForURL(/\/employee-booking$/);
    await page.getByRole('heading', { name: 'Book with an Employee' }).waitFor();
    expect(await page.getByText('Choose an Employee').count()).toBe(0);

    await page.getByRole('radio', { name: /Signature Facial/ }).check();
    await page.getByRole('radio', { name: 'Sofia Marquez' }).check();
    // Liam does not do facials: choosing a service he does clears Sofia, who does not do haircuts.
    await page.getByRole('radio', { name: /Haircut & Style/ }).check();
    await page.getByRole('radio', { name: 'Liam Chen' }).waitFor();
    expect(await page.getByLabel('Date', { exact: true }).count()).toBe(0);
    await page.getByRole('radio', { name: /Signature Facial/ }).check();
    await page.getByRole('radio', { name: 'Sofia Marquez' }).check();

    await page.getByLabel('Date', { exact: true }).fill(sunday(1));
    await page.getByText('No available times for this date. Please choose another date.').waitFor();
    await page.getByLabel('Date', { exact: true }).fill(guidedDate);
    await page.getByText('11:00 AM', { exact: true }).click();
    await page.getByLabel('Notes (optional)').fill('Sensitive skin.');
    await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `booking-guided-${viewport}`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(page, 'Appointment Booked');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('reschedules and cancels from the profile', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Recent Appointments' }).waitFor();
    await page.getByRole('heading', { name: `Robin ${viewport === 'desktop' ? 'Desk' : 'Phone'}` }).waitFor();
    await page.getByText('Customer', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    const facial = page.getByTestId('profile-appointment').filter({ hasText: 'Signature Facial' });
    await facial.getByText('Pending').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `booking-profile-${viewport}`);

    await facial.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    // The day's last free time: which times the demo's own appointments leave free depends on the calendar day.
    const lastTime = dialog.getByRole('radio').last();
    await lastTime.waitFor({ state: 'attached' });
    const newTime = await labelOf(lastTime);
    expect(newTime).not.toBe('11:00 AM');
    await dialog.getByText(newTime, { exact: true }).click();
    await screenshot(page, `booking-reschedule-${viewport}`);
    await dialog.getByRole('button', { name: 'Save New Time' }).click();
    await expectToast(page, 'Appointment Updated');
    await dialog.waitFor({ state: 'hidden' });
    await facial.getByText(newTime).waitFor();

    // The one this customer booked (the other viewport's journey took the first time in their name too).
    const massage = page
      .getByTestId('profile-appointment')
      .filter({ hasText: 'Swedish Massage' })
      .filter({ hasText: shownAt(date, quickBooked[viewport]) });
    await massage.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expectToast(page, 'Appointment Cancelled');
    await massage.getByText('Cancelled').waitFor();
    expect(await massage.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    await screenshot(page, `booking-profile-after-${viewport}`);
    await context.close();
  });
});

describe.each<ViewportName>(['desktop', 'phone'])('booking rules on %s', (viewport) => {
  it('an admin changes the booking rules on the settings page and a wrong value is explained', async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Booking rules' });
    await form.getByLabel('Booking window (days)').fill('0');
    await form.getByRole('button', { name: 'Save Booking Rules' }).click();
    await form.getByText('Booking window must be a whole number of days from 1 to 365').waitFor();
    // A wrong reminder among right ones is told under the reminders' field.
    const reminders = form.getByLabel('Reminders (minutes before the start)');
    const savedReminders = await reminders.inputValue();
    await reminders.fill('1440, 2');
    await form.getByRole('button', { name: 'Save Booking Rules' }).click();
    await form
      .getByText('Each reminder must be a whole number of minutes before the start from 5 to 10080', { exact: true })
      .waitFor();
    await reminders.fill(savedReminders);
    await form.getByLabel('Booking window (days)').fill('45');
    await form.getByLabel('Cancellation notice (hours)').fill('12');
    await form.getByRole('button', { name: 'Save Booking Rules' }).click();
    await expectToast(page, 'Settings Updated');
    const saved = await (await fetch(`${e2e.server.baseUrl}/api/business/settings`)).json();
    expect(saved).toMatchObject({
      bookingNoticeMinutes: 60,
      bookingWindowDays: 45,
      cancellationNoticeHours: 12,
      businessName: 'Harbor & Pine Wellness',
    });
    await expectNoSeriousAxeViolations(page);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, `booking-rules-${viewport}`);
    await context.close();
  });
});
