import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, weeklyHours, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  expectToast,
  toast,
} from './harness';

const e2e = useE2eApp();

async function userId(email: string) {
  const [row] = await e2e.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe.each<ViewportName>(['desktop', 'phone'])('staff scheduling on %s', (viewport) => {
  it('an admin changes a status in the calendar', async () => {
    const db = e2e.server.database.db;
    // An appointment of its own within the next 7 days (late evening, clear of the demo ones), named by its notes.
    const notes = `Calendar journey on ${viewport}`;
    const startsAt = new Date(Date.now() + (viewport === 'desktop' ? 2 : 3) * 86400000);
    startsAt.setUTCHours(23, 30, 0, 0);
    const [sample] = await db
      .select({ serviceId: appointments.serviceId, customerId: appointments.customerId })
      .from(appointments)
      .limit(1);
    const [next] = await db
      .insert(appointments)
      .values({
        ...sample!,
        employeeId: await userId('sofia@example.com'),
        startsAt,
        endsAt: new Date(startsAt.getTime() + 1800000),
        duration: 30,
        notes,
        status: 'pending',
      })
      .returning({ id: appointments.id, status: appointments.status });
    const target = viewport === 'desktop' ? 'Confirmed' : 'Cancelled';
    const cookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/admin/calendar');
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Upcoming (Next 7 Days)' }).waitFor();
    await page.getByLabel('Date', { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `calendar-day-${viewport}`);

    const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
    const row = upcoming.getByRole('listitem').filter({ hasText: notes });
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: target }).click();
    await expectToast(page, 'Appointment Updated');
    await expect
      .poll(
        async () =>
          (await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, next!.id)))[0]!
            .status,
      )
      .toBe(target.toLowerCase());

    // Filter by one employee, then the week view: one column per day.
    await page.getByLabel('Employee').click();
    await page.getByRole('option', { name: 'Maya Okafor' }).click();
    await page.getByRole('tab', { name: 'Week' }).click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await page.getByRole('heading', { name: day, exact: true }).waitFor();
    }
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `calendar-week-${viewport}`);
    await context.close();
  });

  it('an admin adds a schedule, is told to pick an employee first, and deletes it again', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
    const sofia = await userId('sofia@example.com');
    const db = e2e.server.database.db;
    const day = viewport === 'desktop' ? 'Sunday' : 'Saturday';
    const dayNumber = viewport === 'desktop' ? 0 : 6;
    await db.delete(weeklyHours).where(and(eq(weeklyHours.employeeId, sofia), eq(weeklyHours.dayOfWeek, dayNumber)));
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/admin/employee-schedules');
    await page.getByRole('heading', { name: 'Employee Schedules' }).waitFor();
    await page.getByRole('list', { name: 'Weekly schedule of Sofia Marquez' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `schedules-${viewport}`);

    await page.getByRole('button', { name: '+ Add Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Schedule' });
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await expectToast(page, 'Employee Required');
    await page.getByText('Please select an employee first.').waitFor();
    await screenshot(page, `schedules-employee-required-${viewport}`);
    // The destructive toast's text fails colour contrast in the shared toast (reported); check the dialog once it has gone.
    await toast(page, 'Employee Required').waitFor({ state: 'detached', timeout: 8000 });

    await dialog.getByLabel('Employee').click();
    await page.getByRole('option', { name: /Sofia Marquez/ }).click();
    await dialog.getByLabel('Day').click();
    await page.getByRole('option', { name: day }).click();
    await dialog.getByLabel('Start Time').click();
    await page.getByRole('option', { name: '10:30' }).click();
    await dialog.getByLabel('End Time').click();
    await page.getByRole('option', { name: '15:00' }).click();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `schedules-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await expectToast(page, 'Schedule Updated');
    const remove = page.getByRole('button', { name: `Delete ${day} 10:30 - 15:00 for Sofia Marquez` });
    await remove.waitFor();
    const saved = await db
      .select()
      .from(weeklyHours)
      .where(and(eq(weeklyHours.employeeId, sofia), eq(weeklyHours.dayOfWeek, dayNumber)));
    expect(saved.map((r) => `${r.startTime}-${r.endTime}`)).toEqual(['10:30:00-15:00:00']);

    // The server refuses an overlapping slot; the dialog stays open with the reason.
    await page.getByRole('button', { name: '+ Add Schedule' }).click();
    await dialog.getByLabel('Employee').click();
    await page.getByRole('option', { name: /Sofia Marquez/ }).click();
    await dialog.getByLabel('Day').click();
    await page.getByRole('option', { name: day }).click();
    await dialog.getByLabel('Start Time').click();
    await page.getByRole('option', { name: '14:00' }).click();
    await dialog.getByLabel('End Time').click();
    await page.getByRole('option', { name: '17:00' }).click();
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await expectToast(page, 'Update Failed');
    await page.getByText(`${day} 14:00-17:00 overlaps 10:30-15:00 on the same day.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await remove.click();
    await expectToast(page, 'Schedule Deleted');
    await remove.waitFor({ state: 'detached' });
    await context.close();
  });

  it('an employee opening All Schedules is denied; My Schedule shows their week', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, 'sofia@example.com');
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/my-schedule');
    await page.getByRole('heading', { name: 'My Schedule' }).waitFor();
    await page.getByRole('heading', { name: 'Wednesday', exact: true }).waitFor();
    await page.getByText('09:00 - 17:00').first().waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `my-schedule-${viewport}`);
    await page.goto('/admin/employee-schedules');
    await expectToast(page, 'Access Denied');
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await context.close();
  });
});
