import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { appointmentReminders, appointments, services, users } from '../db/schema/index';
import { dayLabelOf } from '../src/client/lib/zoned-time';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { toZoned } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  expectToast,
} from './harness';

const e2e = useE2eApp();
const TZ = 'America/New_York';
const cookies = {} as Record<ViewportName, string>;
let massageId: string;

beforeAll(async () => {
  // Fresh customers, so their waitlist holds exactly what these journeys joined.
  for (const viewport of ['desktop', 'phone'] as const) {
    const email = `waiter-${viewport}@example.com`;
    await e2e.server.database.db.insert(users).values({ email, firstName: 'Wren', lastName: viewport });
    cookies[viewport] = await sessionCookieFor(e2e.server.database, email);
  }
  const rows = await e2e.server.database.db.select({ id: services.id, name: services.name }).from(services);
  massageId = rows.find((r) => r.name === 'Swedish Massage')!.id;
});

/** The next Sunday from tomorrow: the demo staff do not work Sundays, so the day has no time left. */
function nextSunday(): string {
  const today = toZoned(new Date(), TZ).date;
  for (let i = 1; ; i++) if (weekdayOf(addCalendarDays(today, i)) === 0) return addCalendarDays(today, i);
}
const sunday = nextSunday();
const sundayLabel = dayLabelOf(sunday, 'long');

describe.each<ViewportName>(['desktop', 'phone'])('waitlist on %s', (viewport) => {
  it('joins the waitlist for a day without times on both booking pages, sees it in the profile, leaves it', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });

    // Quick Book: anyone will do.
    await page.goto(`/booking?service=${massageId}`);
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    await page.getByLabel('Date', { exact: true }).fill(sunday);
    await page.getByText(/^No free times on Sunday/).waitFor();
    await screenshot(page, `waitlist-offer-${viewport}`);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page
      .getByText(
        `You are on the waitlist for Swedish Massage on ${sundayLabel}. We will e-mail you if a time opens up.`,
      )
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `waitlist-simple-${viewport}`);

    // With a chosen employee.
    await page.goto('/employee-booking');
    await page.getByRole('radio', { name: /Signature Facial/ }).check();
    await page.getByRole('radio', { name: 'Sofia Marquez' }).check();
    await page.getByLabel('Date', { exact: true }).fill(sunday);
    await page.getByText('No available times for this date. Please choose another date.').waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const facialWait = `Signature Facial with Sofia Marquez on ${sundayLabel}`;
    await page.getByText(`You are on the waitlist for ${facialWait}.`, { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `waitlist-guided-${viewport}`);

    // The profile lists both; "Look for a time" opens the guided page on that service, employee and day.
    await page.goto('/profile');
    const entries = page.getByTestId('waitlist-entry');
    await entries.filter({ hasText: `Swedish Massage on ${sundayLabel}` }).waitFor();
    await entries.filter({ hasText: facialWait }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByTestId('waitlist').scrollIntoViewIfNeeded();
    await screenshot(page, `waitlist-profile-${viewport}`);
    await entries.filter({ hasText: facialWait }).getByRole('link', { name: 'Look for a time' }).click();
    await page.waitForURL(/\/employee-booking\?service=/);
    await page.getByText(`You are on the waitlist for ${facialWait}.`, { exact: false }).waitFor();

    await page.goto('/profile');
    for (const what of [`Swedish Massage on ${sundayLabel}`, facialWait]) {
      await page.getByRole('button', { name: `Leave the waitlist for ${what}` }).click();
      await expectToast(page, 'Left the Waitlist');
      await entries.filter({ hasText: what }).waitFor({ state: 'detached' });
    }
    await page.getByText('You are not waiting for any day.', { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe.each<ViewportName>(['desktop', 'phone'])('reminders on the calendar on %s', (viewport) => {
  it('staff see which reminders of an appointment went', async () => {
    const db = e2e.server.database.db;
    // The next upcoming live demo appointment; its day-before reminder is recorded as sent.
    const [next] = await db
      .select({ id: appointments.id, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(gt(appointments.startsAt, new Date()), inArray(appointments.status, ['pending', 'confirmed'])))
      .orderBy(asc(appointments.startsAt))
      .limit(1);
    await db
      .insert(appointmentReminders)
      .values({ appointmentId: next!.id, offsetMinutes: 1440, startsAt: next!.startsAt })
      .onConflictDoNothing();
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/calendar');
    await page.getByLabel('Date', { exact: true }).fill(toZoned(next!.startsAt, TZ).date);
    const sent = page
      .getByRole('list', { name: 'Appointments on the selected date' })
      .getByText(/^Reminder sent: 1 day before \(/);
    await sent.waitFor();
    await sent.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `reminders-calendar-${viewport}`);
    expect(
      await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, next!.id)),
    ).toHaveLength(1);
    await context.close();
  });
});
