import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, services, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { workdays } from './demo-days';
import { useE2eAppWithCheckoutStandIn } from './checkout-page-stand-in';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, type ViewportName } from './harness';

// A service with a deposit, Stripe configured (offline): the booking page says what the deposit is and when it is
// refundable, booking goes on to the Checkout page (the stand-in), and the profile shows the deposit paid.
const { e2e, stripePage } = useE2eAppWithCheckoutStandIn();

const cookies = {} as Record<ViewportName, string>;
let deepTissueId: string;

beforeAll(async () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    const email = `depositor-${viewport}@example.com`;
    await e2e.server.database.db.insert(users).values({ email, firstName: 'Dana', lastName: viewport });
    cookies[viewport] = await sessionCookieFor(e2e.server.database, email);
  }
  const [row] = await e2e.server.database.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Deep Tissue Massage'));
  deepTissueId = row!.id;
});

const [desktopDay, phoneDay] = workdays(2);
const labelOf = (time: Locator) => time.evaluate((input) => input.closest('label')!.textContent!.trim());

describe.each<ViewportName>(['desktop', 'phone'])('a deposit on %s', (viewport) => {
  it('is shown on the booking page, paid on the Checkout page, and shown paid in the profile', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto(`/booking?service=${deepTissueId}`);
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    const note = page.getByTestId('deposit-note');
    await note.getByText('Deposit: $25.00.').waitFor();
    expect(await note.textContent()).toContain(
      'Paid by card when you book; we hold your time for 15 minutes while you pay. Refundable if you cancel at least 24 hours before the appointment.',
    );
    await page.getByLabel('Date', { exact: true }).fill(viewport === 'desktop' ? desktopDay! : phoneDay!);
    const times = page.getByRole('radio');
    await times.first().waitFor();
    await page.getByText(await labelOf(times.first()), { exact: true }).click();
    await screenshot(page, `deposit-booking-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.waitForURL(`${stripePage.url}/c/pay/**`);
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await page.waitForURL(/\/profile\?payment=success$/);
    const entry = page.getByTestId('profile-appointment').filter({ hasText: 'Deep Tissue Massage' });
    await entry.getByTestId('deposit-status').getByText('Deposit $25.00 paid').waitFor();
    await screenshot(page, `deposit-profile-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    const [booked] = await e2e.server.database.db
      .select({ status: appointments.status, paymentStatus: appointments.paymentStatus })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.customerId))
      .where(and(eq(appointments.serviceId, deepTissueId), eq(users.email, `depositor-${viewport}@example.com`)));
    expect(booked).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    await context.close();
  });

  it('is shown in the admin calendar, where the admin refunds it by hand', async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/calendar');
    await page.getByLabel('Date', { exact: true }).fill(viewport === 'desktop' ? desktopDay! : phoneDay!);
    const row = page
      .getByRole('list', { name: 'Appointments on the selected date' })
      .getByRole('listitem')
      .filter({ hasText: `depositor-${viewport}@example.com` });
    await row.getByText('Deposit $25.00 paid').waitFor();
    await screenshot(page, `deposit-calendar-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await row.getByRole('button', { name: 'Refund Deposit' }).click();
    await row.getByText('Deposit $25.00 refunded').waitFor();
    expect(await row.getByRole('button', { name: 'Refund Deposit' }).count()).toBe(0);
    await context.close();
  });

  it('is said in the admin service dialog as paid by card when booking (card payments are configured)', async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/services');
    const card = page.getByTestId('admin-catalog-card').filter({ hasText: 'Deep Tissue Massage' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const text = dialog.getByTestId('deposit-payment-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(
      'Customers booking for themselves pay it by card when booking (when staff book for them, at the appointment). It is refunded when the customer cancels within the cancellation notice, and kept after a late cancellation or a no-show.',
    );
    await text.scrollIntoViewIfNeeded();
    await screenshot(page, `deposit-service-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
