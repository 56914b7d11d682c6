import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarConnections, serviceProviders, users } from '../db/schema/index';
import { serveFeeds, type FeedServer } from '../src/testing/ics-feeds';
import { toZoned } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  sessionCookieFor,
  expectToast,
  useE2eApp,
  type ViewportName,
} from './harness';

/*
 * An employee connects a calendar (an ICS address this test serves, holding one event at a time the employee is
 * offered), sees that time as "Busy" in My Schedule, a customer is no longer offered it, and an admin sees the busy
 * time on the calendar and the connection's state on the staff screen. Sofia on desktop, Liam (whose demo address
 * is in error) on a phone.
 */

const e2e = useE2eApp();
const staffByViewport: Record<ViewportName, string> = { desktop: 'sofia@example.com', phone: 'liam@example.com' };
let feeds: FeedServer;
const stamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');

beforeAll(async () => {
  feeds = await serveFeeds({});
});
afterAll(() => feeds?.close());

interface Slot {
  time: string;
  dateTime: string;
  employeeIds: string[];
}

async function slotsOf(serviceId: string, date: string, employeeId: string): Promise<Slot[]> {
  const res = await fetch(
    `${e2e.server.baseUrl}/api/appointments/slots?serviceId=${serviceId}&date=${date}&employeeId=${employeeId}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Slot[];
}

/** A time the employee is offered in the days ahead (of one of their services), as a customer sees it. */
async function offeredTime(employeeId: string) {
  const [provided] = await e2e.server.database.db
    .select({ serviceId: serviceProviders.serviceId })
    .from(serviceProviders)
    .where(eq(serviceProviders.employeeId, employeeId));
  const today = toZoned(new Date(), 'America/New_York').date;
  for (let n = 2; n < 14; n++) {
    const date = addCalendarDays(today, n);
    const slots = await slotsOf(provided!.serviceId, date, employeeId);
    // Midway through the day's offer: inside the hours, clear of the first and last start.
    const slot = slots[Math.floor(slots.length / 2)];
    if (slot) return { serviceId: provided!.serviceId, date, slot, days: n };
  }
  throw new Error('no offered time in the next two weeks');
}

describe.each<ViewportName>(['desktop', 'phone'])('connected calendars on %s', (viewport) => {
  it('connects an ICS address; its event shows as Busy and is not offered to customers; admins see it', async () => {
    const email = staffByViewport[viewport];
    const db = e2e.server.database.db;
    const [person] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { serviceId, date, slot, days } = await offeredTime(person!.id);
    const start = new Date(slot.dateTime);
    const feed = `${viewport}-personal`;
    feeds.publish(
      feed,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        `X-WR-CALNAME:${viewport === 'desktop' ? 'Sofia' : 'Liam'} (personal)`,
        'BEGIN:VEVENT',
        `UID:${feed}@google.com`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
        'SUMMARY:Private appointment',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );

    const cookie = await sessionCookieFor(e2e.server.database, email);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/employee/profile');
    await page.getByRole('heading', { name: 'Connected calendars' }).waitFor();
    await page.getByRole('radio', { name: 'ICS address' }).check();
    await page.getByLabel('Calendar address (ICS)').fill(feeds.url(feed));
    await page.getByRole('button', { name: 'Connect' }).click();
    await expectToast(page, 'Calendar connected');
    // The first sync is the job runner's, queued by the connection: wait for it, then look.
    for (let i = 0; i < 600; i++) {
      const [done] = await db
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(and(eq(calendarConnections.employeeId, person!.id), isNotNull(calendarConnections.lastSyncedAt)));
      if (done) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.reload();
    await page.getByText(`${viewport === 'desktop' ? 'Sofia' : 'Liam'} (personal) counts as busy`).waitFor();
    await page
      .getByText(/^Last synced/)
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `calendars-profile-${viewport}`);

    if (viewport === 'phone') {
      // In Spanish, the state and the last error are said in Spanish too.
      const es = await e2e.open({ viewport, cookie, locale: 'es-ES' });
      await es.page.goto('/employee/profile');
      await es.page.getByRole('heading', { name: 'Calendarios conectados' }).waitFor();
      await es.page.getByText('Esa dirección no respondió con un calendario.').waitFor();
      await es.page.getByText('Correcto', { exact: true }).waitFor();
      await expectNoSeriousAxeViolations(es.page);
      await screenshot(es.page, `calendars-profile-es-${viewport}`);
      await es.context.close();
    }

    // The customer's view: that time is no longer offered with this employee.
    const after = await slotsOf(serviceId, date, person!.id);
    expect(after.find((s) => s.dateTime === slot.dateTime && s.employeeIds.includes(person!.id))).toBeUndefined();

    // My Schedule: the week of that date shows the time as Busy, without its title.
    await page.goto('/employee/schedule');
    await page.getByRole('heading', { name: 'My Schedule' }).waitFor();
    const today = toZoned(new Date(), 'America/New_York').date;
    const weeksAhead = Math.floor((days + ((weekdayOf(today) + 6) % 7)) / 7);
    for (let i = 0; i < weeksAhead; i++) await page.getByRole('button', { name: 'Next week →' }).click();
    const busy = page.getByRole('list', { name: 'Busy times from their own calendars' });
    await busy.getByText('Busy', { exact: true }).first().waitFor();
    expect(await page.getByText('Private appointment').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `calendars-my-schedule-${viewport}`);
    await context.close();

    // An admin: the calendar's day shows the busy time with the person's name; the staff screen their connections.
    const admin = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, 'admin@example.com'),
    });
    await admin.page.goto('/admin/calendar');
    await admin.page.getByRole('textbox', { name: 'Date' }).fill(date);
    const dayBusy = admin.page.getByRole('list', { name: 'Busy times from their own calendars' });
    await dayBusy.getByText(viewport === 'desktop' ? 'Sofia Marquez' : 'Liam Chen').waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, `calendars-admin-day-${viewport}`);
    await admin.page.getByRole('tab', { name: 'Week' }).click();
    await admin.page.getByRole('list', { name: 'Busy times from their own calendars' }).first().waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, `calendars-admin-week-${viewport}`);

    await admin.page.goto('/admin/users');
    const card = admin.page.getByTestId('staff-card').filter({ hasText: email }).first();
    await card.getByRole('button', { name: 'Schedule' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Connected calendars' }).waitFor();
    await dialog
      .getByTestId('staff-calendar')
      .filter({ has: admin.page.getByText('OK', { exact: true }) })
      .waitFor();
    // The address by its host only: a secret address reads the calendar.
    expect(await dialog.textContent()).not.toContain('.ics');
    if (viewport === 'phone') await dialog.getByText('That address did not answer with a calendar.').waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, `calendars-admin-staff-${viewport}`);
    await admin.context.close();
  });
});
