import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, services, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { workdays } from './demo-days';
import { useE2eAppWithCheckoutStandIn } from './checkout-page-stand-in';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, type ViewportName } from './harness';

// Packages with Stripe configured (offline): a customer buys the demo's Massage Trio on /services, pays on the
// Checkout page (the stand-in), and books a Swedish Massage with a session of it: prepaid, two sessions left.
const { e2e, stripePage } = useE2eAppWithCheckoutStandIn();

const cookies = {} as Record<ViewportName, string>;
let swedishId: string;

beforeAll(async () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    const email = `pack-buyer-${viewport}@example.com`;
    await e2e.server.database.db.insert(users).values({ email, firstName: 'Robin', lastName: viewport });
    cookies[viewport] = await sessionCookieFor(e2e.server.database, email);
  }
  const [row] = await e2e.server.database.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Swedish Massage'));
  swedishId = row!.id;
});

const [desktopDay, phoneDay] = workdays(2);
const labelOf = (time: Locator) => time.evaluate((input) => input.closest('label')!.textContent!.trim());

describe.each<ViewportName>(['desktop', 'phone'])('packages on %s', (viewport) => {
  it('a customer buys a pack of 3 and books with it', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: cookies[viewport] });
    await page.goto('/services');
    const forSale = page.getByTestId('packages-for-sale');
    await forSale.getByRole('heading', { name: 'Packages' }).waitFor();
    const trio = forSale.getByTestId('package-for-sale').filter({ hasText: 'Massage Trio' });
    await trio.getByText('3 sessions').waitFor();
    await trio.scrollIntoViewIfNeeded();
    await screenshot(page, `packages-services-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await trio.getByRole('button', { name: 'Buy Massage Trio' }).click();
    await page.waitForURL(`${stripePage.url}/c/pay/**`);
    await page.getByRole('button', { name: 'Pay $230.00' }).click();
    await page.waitForURL(/\/orders\/[\w-]+\?payment=success$/);

    await page.goto(`/booking?service=${swedishId}`);
    await page.getByRole('heading', { name: 'Book an Appointment' }).waitFor();
    const use = page.getByRole('checkbox', { name: 'Use a session from Massage Trio' });
    await use.check();
    await page.getByTestId('credit-choice').getByText('3 sessions left', { exact: false }).waitFor();
    await page.getByLabel('Date', { exact: true }).fill(viewport === 'desktop' ? desktopDay! : phoneDay!);
    const times = page.getByRole('radio');
    await times.first().waitFor();
    await page.getByText(await labelOf(times.first()), { exact: true }).click();
    await screenshot(page, `packages-booking-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.waitForURL(/\/profile$/);

    const mine = page.getByTestId('my-packages').getByTestId('my-package').filter({ hasText: 'Massage Trio' });
    await mine.getByText('2 of 3 sessions left').waitFor();
    await mine.scrollIntoViewIfNeeded();
    await screenshot(page, `packages-profile-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    const [booked] = await e2e.server.database.db
      .select({ paymentStatus: appointments.paymentStatus })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.customerId))
      .where(and(eq(appointments.serviceId, swedishId), eq(users.email, `pack-buyer-${viewport}@example.com`)));
    expect(booked).toEqual({ paymentStatus: 'prepaid' });
    await context.close();
  });

  it('in Spanish, the demo customer sees her pack on the profile and is offered a session of it when booking', async () => {
    const { context, page } = await e2e.open({
      viewport,
      locale: 'es-ES',
      cookie: await sessionCookieFor(e2e.server.database, 'alex.morgan@example.com'),
    });
    await page.goto('/profile');
    const mine = page.getByTestId('my-packages');
    await mine.getByRole('heading', { name: 'Mis paquetes' }).waitFor();
    await mine.getByText('Quedan 3 de 3 sesiones').waitFor();
    await mine.scrollIntoViewIfNeeded();
    await screenshot(page, `packages-profile-es-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/booking?service=${swedishId}`);
    await page.getByRole('checkbox', { name: 'Usar una sesión de Massage Trio' }).waitFor();
    await screenshot(page, `packages-booking-es-${viewport}`);
    await context.close();
  });

  it('staff manage the packs in Admin → Packages', async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/packages');
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    await page.getByTestId('package-card').filter({ hasText: 'Facial Five' }).waitFor();
    await screenshot(page, `packages-admin-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'New Package' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Nail Duo ${viewport}`);
    await dialog.getByRole('checkbox', { name: 'Manicure' }).check();
    await dialog.getByLabel('Sessions (2 to 50)').fill('2');
    await dialog.getByLabel('Price ($)').fill('72');
    await screenshot(page, `packages-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const made = page.getByTestId('package-card').filter({ hasText: `Nail Duo ${viewport}` });
    await made.getByText('$72.00').waitFor();
    await made.getByText('Covers: Manicure').waitFor();
    await context.close();
  });
});
