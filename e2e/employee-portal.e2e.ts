import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, weeklyHours, services, users } from '../db/schema/index';
import {
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
  expectToast,
} from './harness';

const e2e = useE2eApp();

const staffByViewport: Record<ViewportName, string> = { desktop: 'maya@example.com', phone: 'liam@example.com' };

async function userId(email: string) {
  const [row] = await e2e.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A pending appointment next month for the employee, with notes that name it. */
async function pendingAppointment(employeeEmail: string, notes: string) {
  const db = e2e.server.database.db;
  const employeeId = await userId(employeeEmail);
  const customerId = await userId('priya.shah@example.com');
  const [service] = await db.select({ id: services.id }).from(services).limit(1);
  // Late evening, far ahead: clear of the demo appointments (10:00, 13:00, 15:30).
  const startsAt = new Date(Date.now() + 20 * 86400000);
  startsAt.setUTCHours(23, 0, 0, 0);
  const [row] = await db
    .insert(appointments)
    .values({
      serviceId: service!.id,
      employeeId,
      customerId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600000),
      duration: 60,
      notes,
      status: 'pending',
    })
    .returning({ id: appointments.id });
  return row!.id;
}

describe.each<ViewportName>(['desktop', 'phone'])('employee portal on %s', (viewport) => {
  it('the dashboard shows the four cards, and its quick actions lead to the portal pages', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, staffByViewport[viewport]);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/employee');
    await page.getByRole('heading', { name: 'Employee Dashboard' }).waitFor();
    for (const label of ["Today's Appointments", 'Total Appointments', 'Availability Status', 'Account Status']) {
      await page.getByRole('region', { name: 'Summary' }).getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('region', { name: 'Summary' }).getByText('Set', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Active', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `portal-dashboard-${viewport}`);

    if (viewport === 'phone') {
      // The menu is collapsed on phones until opened.
      expect(await page.getByRole('navigation', { name: 'Employee portal' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Employee portal' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
      await page
        .getByRole('link', { name: 'Logout' })
        .or(page.getByRole('button', { name: 'Logout' }))
        .first()
        .waitFor();
      await screenshot(page, `portal-menu-${viewport}`);
      await page.getByRole('button', { name: 'Close menu' }).click();
    }

    await page.getByRole('link', { name: 'Manage Availability' }).click();
    await page.waitForURL('**/employee/availability');
    await page.goBack();
    await page.getByRole('link', { name: 'View My Appointments' }).click();
    await page.waitForURL('**/employee/appointments');
    await page.getByRole('heading', { name: 'My Appointments' }).waitFor();
    await context.close();
  });

  it('an employee confirms, then completes, an appointment', async () => {
    const email = staffByViewport[viewport];
    const notes = `Journey on ${viewport}: please use the side door.`;
    const id = await pendingAppointment(email, notes);
    const cookie = await sessionCookieFor(e2e.server.database, email);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/employee/appointments');
    await page.getByRole('heading', { name: 'My Appointments' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: notes });
    await card.getByText('Priya Shah').waitFor();
    // The customer's e-mail, a link to write to them.
    const mail = card.getByRole('link', { name: 'priya.shah@example.com' });
    expect(await mail.getAttribute('href')).toBe('mailto:priya.shah@example.com');
    await card.getByText('pending', { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `portal-appointments-${viewport}`);

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Appointment Updated');
    await card.getByText('confirmed', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Mark Complete' }).click();
    await card.getByText('completed', { exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    const [row] = await e2e.server.database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row!.status).toBe('completed');
    await screenshot(page, `portal-appointment-completed-${viewport}`);
    await context.close();
  });

  it('sets standard hours, adds a Saturday 10:00-14:00 slot and sees 10:00-14:00 saved', async () => {
    const email = staffByViewport[viewport];
    const employeeId = await userId(email);
    const db = e2e.server.database.db;
    await db.delete(weeklyHours).where(eq(weeklyHours.employeeId, employeeId));
    const cookie = await sessionCookieFor(e2e.server.database, email);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/employee/availability');
    await page.getByRole('heading', { name: 'My Availability' }).waitFor();
    await page.getByText('0 / 7').waitFor();

    await page.getByRole('button', { name: 'Set Standard Business Hours' }).click();
    await expectToast(page, 'Success');
    await page.getByText('Availability updated successfully.').waitFor();
    await page.getByText('5 / 7').waitFor();
    await page.getByText('40.0').waitFor();
    expect(await page.getByRole('switch', { name: 'Available on Monday' }).getAttribute('aria-checked')).toBe('true');

    const saturday = page.getByRole('button', { name: '+ Add Time Slot' }).nth(5);
    await saturday.click();
    const panel = page.getByRole('form', { name: 'Add time slot on Saturday' });
    await panel.getByLabel('Start').click();
    await page.getByRole('option', { name: '10:00' }).click();
    await panel.getByLabel('End').click();
    await page.getByRole('option', { name: '14:00' }).click();
    await screenshot(page, `portal-availability-add-slot-${viewport}`);
    await panel.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByRole('button', { name: 'Delete 10:00 - 14:00 on Saturday' }).waitFor();
    await page.getByText('6 / 7').waitFor();
    await page.getByText('44.0').waitFor();
    const saved = await db
      .select()
      .from(weeklyHours)
      .where(and(eq(weeklyHours.employeeId, employeeId), eq(weeklyHours.dayOfWeek, 6)));
    expect(saved.map((r) => `${r.startTime}-${r.endTime}`)).toEqual(['10:00:00-14:00:00']);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `portal-availability-${viewport}`);

    // A day off ahead, then removed again.
    await page.getByLabel('Date').fill('2031-07-14');
    await page.getByRole('button', { name: 'Add Day Off' }).click();
    await page.getByText('Mon, Jul 14, 2031').waitFor();
    await page.getByRole('button', { name: 'Remove day off on Jul 14, 2031' }).click();
    await page.getByText('Mon, Jul 14, 2031').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Clear All Availability' }).click();
    await page.getByText('Are you sure you want to clear all availability?').waitFor();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('0 / 7').waitFor();
    await context.close();
  });

  it('the schedule shows the week, and the profile changes the password', async () => {
    const email = staffByViewport[viewport];
    const cookie = await sessionCookieFor(e2e.server.database, email);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/employee/schedule');
    await page.getByRole('heading', { name: 'My Schedule' }).waitFor();
    await page.getByRole('heading', { name: 'Monday' }).waitFor();
    await page.getByRole('heading', { name: 'Sunday' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `portal-schedule-${viewport}`);

    await page.goto('/employee/profile');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm New Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Error');
    await page.getByText('The current password is not correct.').waitFor();
    await screenshot(page, `portal-profile-${viewport}`);
    await context.close();
  });

  it('signed out, each portal page says why and goes to /employee/login', async () => {
    const { context, page } = await e2e.open({ viewport });
    for (const [path, message] of [
      ['/employee/appointments', 'Please log in to access appointments.'],
      ['/employee/availability', 'Please log in to manage your availability.'],
    ] as const) {
      await page.goto(path);
      await expectToast(page, 'Unauthorized');
      await page.getByText(message).waitFor();
      await page.waitForURL('**/employee/login');
    }
    await context.close();
  });
});
