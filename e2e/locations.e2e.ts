import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  locations,
  resources,
  serviceLocations,
  serviceProviders,
  serviceResources,
  services,
  users,
  weeklyHours,
} from '../db/schema/index';
import { toZoned } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  sessionCookieFor,
  expectToast,
  useE2eApp,
  type ViewportName,
} from './harness';

/*
 * Locations and resources: an admin adds a location and a resource; a customer picks the location and books; the
 * one chair, once taken, hides the time even though another employee is free then.
 */

const e2e = useE2eApp();
const TZ = 'Europe/Madrid';
let adminCookie: string;
const customers = {} as Record<ViewportName, string>;

beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
  for (const viewport of ['desktop', 'phone'] as const) {
    const email = `location-booker-${viewport}@example.com`;
    await e2e.server.database.db.insert(users).values({ email, firstName: 'Lou', lastName: viewport });
    customers[viewport] = await sessionCookieFor(e2e.server.database, email);
  }
});

/** A Sunday ahead in the new location's zone: the demo staff do not work Sundays at the first location. */
function sundayAhead(): string {
  const today = toZoned(new Date(), TZ).date;
  for (let i = 2; ; i++) if (weekdayOf(addCalendarDays(today, i)) === 0) return addCalendarDays(today, i);
}

describe.each<ViewportName>(['desktop', 'phone'])('locations and resources on %s', (viewport) => {
  const shop = `Riverside ${viewport}`;
  const chair = `Pedicure chair ${viewport}`;
  // Each viewport's hours at its own shop, apart from the other's.
  const hours =
    viewport === 'desktop' ? { startTime: '17:00', endTime: '19:00' } : { startTime: '19:30', endTime: '21:30' };
  const firstTime = viewport === 'desktop' ? '5:00 PM' : '7:30 PM';

  it('an admin adds a location and a resource', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/locations');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    await page.getByTestId('location-card').filter({ hasText: 'Harbor & Pine Old Town' }).waitFor();
    await page.getByRole('button', { name: 'New Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'New location' });
    await dialog.getByLabel('Name').fill(shop);
    await dialog.getByLabel('Address').fill('3 River Road');
    await dialog.getByLabel('Time zone').fill(TZ);
    await screenshot(page, `locations-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('location-card').filter({ hasText: shop }).getByText(TZ).waitFor();
    await screenshot(page, `locations-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.goto('/admin/resources');
    await page.getByRole('heading', { name: 'Resources', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New Resource' }).click();
    const form = page.getByRole('dialog', { name: 'New resource' });
    await form.getByLabel('Name').fill(chair);
    await form.getByLabel('Location').click();
    await page.getByRole('option', { name: shop }).click();
    await form.getByLabel('Quantity').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('resource-card').filter({ hasText: chair }).getByText('1 unit').waitFor();
    await screenshot(page, `resources-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it('a customer picks the location and books; the full chair hides the time', async () => {
    // The service given there, needing the chair, by Maya and Liam on Sundays (set up as an admin would).
    const db = e2e.server.database.db;
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.name, shop));
    const [resource] = await db.select({ id: resources.id }).from(resources).where(eq(resources.name, chair));
    const [service] = await db
      .insert(services)
      .values({ name: `Pedicure ${viewport}`, price: '30.00', duration: 60 })
      .returning({ id: services.id });
    await db.insert(serviceLocations).values({ serviceId: service!.id, locationId: location!.id });
    await db.insert(serviceResources).values({ serviceId: service!.id, resourceId: resource!.id });
    const staff = await db.select({ id: users.id, email: users.email }).from(users);
    const people = staff.filter((u) => u.email === 'maya@example.com' || u.email === 'liam@example.com');
    expect(people).toHaveLength(2);
    for (const person of people) {
      await db.insert(serviceProviders).values({ serviceId: service!.id, employeeId: person.id });
      await db.insert(weeklyHours).values({ employeeId: person.id, locationId: location!.id, dayOfWeek: 0, ...hours });
    }
    const date = sundayAhead();

    const { context, page } = await e2e.open({ viewport, cookie: customers[viewport] });
    // A select's list adds a style element, which the Content-Security-Policy allows by its hash: refused, it would
    // be a console error.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/booking');
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    await page.getByLabel('Location').click();
    await page.getByRole('option', { name: new RegExp(shop) }).click();
    await page.getByLabel('Service').click();
    await page.getByRole('option', { name: new RegExp(`Pedicure ${viewport}`) }).click();
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByText(firstTime, { exact: true }).click();
    await screenshot(page, `locations-booking-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expectToast(page, 'Appointment Booked');
    expect(errors).toEqual([]);
    await page.waitForURL(/\/profile/);
    // The profile says where, and the time is the location's own.
    const booked = page.getByTestId('profile-appointment').filter({ hasText: `Pedicure ${viewport}` });
    await booked.getByTestId('appointment-place').getByText(`At ${shop}, 3 River Road`).waitFor();
    await booked.getByText(firstTime, { exact: false }).waitFor();
    await booked.scrollIntoViewIfNeeded();
    await screenshot(page, `locations-profile-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    // The chosen location is remembered; the first time is gone although the other employee is free then.
    await page.goto('/booking');
    await page.getByLabel('Location').getByText(new RegExp(shop)).waitFor();
    await page.getByLabel('Service').click();
    await page.getByRole('option', { name: new RegExp(`Pedicure ${viewport}`) }).click();
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('radio').first().waitFor();
    expect(await page.getByText(firstTime, { exact: true }).count()).toBe(0);
    await screenshot(page, `locations-full-${viewport}`);
    await context.close();

    // Quick Book (/booking?service=) in a browser that remembers no location: the location is one that offers the
    // service, and the service stays chosen and locked.
    const quick = await e2e.open({ viewport, cookie: customers[viewport] });
    await quick.page.goto(`/booking?service=${service!.id}`);
    await quick.page.getByLabel('Location').getByText(new RegExp(shop)).waitFor();
    const chosen = quick.page.getByLabel('Service');
    await chosen.getByText(`Pedicure ${viewport}`).waitFor();
    expect(await chosen.isDisabled()).toBe(true);
    await quick.page.getByLabel('Date', { exact: true }).fill(date);
    await quick.page.getByRole('radio').first().waitFor();
    await screenshot(quick.page, `locations-quick-book-${viewport}`);
    await quick.context.close();

    // Staff read it in business time, and the time on the location's clocks beside it.
    const admin = await e2e.open({ viewport, cookie: adminCookie });
    await admin.page.goto('/admin/calendar');
    await admin.page.getByLabel('Date', { exact: true }).fill(date);
    // The day's list, and "Upcoming" too when the Sunday is within the next seven days.
    await admin.page.getByText(`${firstTime} local time at ${shop}`, { exact: true }).first().waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, `locations-calendar-${viewport}`);
    await admin.context.close();
  });

  // Each viewport's window, apart from the other's and from the Sunday evenings above.
  const morning = viewport === 'desktop' ? { start: '09:00', end: '10:00' } : { start: '10:30', end: '11:30' };

  it('All Schedules adds a window at a location and filters by location', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/employee-schedules');
    await page.getByRole('heading', { name: 'Employee Schedules', level: 1 }).waitFor();
    await page.getByRole('button', { name: '+ Add Schedule' }).click();
    const form = page.getByRole('form', { name: 'Add schedule' });
    await form.getByLabel('Employee').click();
    await page.getByRole('option', { name: /Liam Chen/ }).click();
    await form.getByLabel('Location').click();
    await page.getByRole('option', { name: shop }).click();
    await form.getByLabel('Day').click();
    await page.getByRole('option', { name: 'Sunday' }).click();
    await form.getByLabel('Start Time').click();
    await page.getByRole('option', { name: morning.start }).click();
    await form.getByLabel('End Time').click();
    await page.getByRole('option', { name: morning.end }).click();
    await screenshot(page, `locations-schedule-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Add Schedule' }).click();
    await form.waitFor({ state: 'detached' });
    const liam = page.getByRole('list', { name: 'Weekly schedule of Liam Chen' });
    await liam.getByText(`${morning.start} - ${morning.end} at ${shop}`).waitFor();

    // Filtered by the new shop, Liam's week is his windows there; his first location's hours are not shown.
    const elsewhere = liam.getByText(/^at Harbor & Pine/);
    expect(await elsewhere.count()).toBeGreaterThan(0);
    await page.getByLabel('Location').click();
    await page.getByRole('option', { name: shop }).click();
    await expect.poll(() => elsewhere.count()).toBe(0);
    await liam.getByText(`${morning.start} - ${morning.end} at ${shop}`).waitFor();
    await screenshot(page, `locations-schedules-filtered-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it("the employee's own schedule adds hours and special hours at a location", async () => {
    const maya = await sessionCookieFor(e2e.server.database, 'maya@example.com');
    const { context, page } = await e2e.open({ viewport, cookie: maya });
    await page.goto('/employee/availability');
    await page.getByRole('switch', { name: 'Available on Sunday' }).waitFor();
    await page.getByRole('button', { name: '+ Add Time Slot' }).last().click();
    const form = page.getByRole('form', { name: 'Add time slot on Sunday' });
    await form.getByLabel('Location').click();
    await page.getByRole('option', { name: shop }).click();
    await form.getByLabel('Start').click();
    await page.getByRole('option', { name: morning.start }).click();
    await form.getByLabel('End').click();
    await page.getByRole('option', { name: morning.end }).click();
    await screenshot(page, `locations-portal-hours-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText(`${morning.start} - ${morning.end} at ${shop}`).waitFor();

    const overrides = page.getByRole('form', { name: 'Add a day off or special hours' });
    await overrides.getByLabel('Date').fill(addCalendarDays(sundayAhead(), viewport === 'desktop' ? 14 : 21));
    await overrides.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Special hours' }).click();
    await overrides.getByLabel('Location').click();
    await page.getByRole('option', { name: shop }).click();
    await screenshot(page, `locations-portal-override-${viewport}`);
    await overrides.getByRole('button', { name: 'Add Special Hours' }).click();
    await page.getByText(`09:00 - 17:00 at ${shop}`).waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('in Spanish', () => {
  it('All Schedules names the location of each window and filters by it', async () => {
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie: adminCookie, locale: 'es-ES' });
    await page.goto('/admin/employee-schedules');
    await page.getByRole('heading', { name: 'Horarios de empleados', level: 1 }).waitFor();
    await page.getByLabel('Local').click();
    await page.getByRole('option', { name: 'Riverside desktop' }).click();
    await page
      .getByRole('list', { name: 'Horario semanal de Liam Chen' })
      .getByText('09:00 - 10:00 en Riverside desktop')
      .waitFor();
    await screenshot(page, 'locations-schedules-es-desktop');
    await context.close();
  });
});
