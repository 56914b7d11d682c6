import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { messages } from '../src/shared/i18n/en';
import { checkScreenAtBothViewports, sessionCookieFor, useE2eApp } from './harness';

const e2e = useE2eApp();
// A customer of the demo data.
const CUSTOMER = 'sam.taylor@example.com';

describe('languages', () => {
  it('greets a Spanish-speaking visitor in Spanish, and the menu takes a visitor back to English for good', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', locale: 'es-ES' });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Harbor & Pine Wellness' }).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión con Google' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-landing-es');

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Harbor & Pine Wellness' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Remembered for the visitor (a cookie), though the browser still asks for Spanish.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Harbor & Pine Wellness' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
    await context.close();
  });

  it("saves a signed-in customer's choice on their account, whatever the browser asks for", async () => {
    const cookie = await sessionCookieFor(e2e.server.database, CUSTOMER);
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    const [saved] = await e2e.server.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, CUSTOMER));
    expect(saved?.locale).toBe('es');
    await checkScreenAtBothViewports(page, 'i18n-home-es');
    await context.close();

    // Another browser of theirs, asking for English, gets their choice.
    const other = await e2e.open({ viewport: 'phone', cookie, locale: 'en-US' });
    await other.page.goto('/');
    expect(await other.page.locator('html').getAttribute('lang')).toBe('es');
    await other.context.close();
  });

  it('shows the schedules, the calendar and the profile in Spanish to staff and customers who chose it', async () => {
    await e2e.server.database.db
      .update(users)
      .set({ locale: 'es' })
      .where(inArray(users.email, ['admin@example.com', CUSTOMER]));
    const admin = await e2e.open({
      viewport: 'desktop',
      cookie: await sessionCookieFor(e2e.server.database, 'admin@example.com'),
    });
    for (const [path, heading, name] of [
      ['/admin/calendar', 'Calendario', 'i18n-calendar-es'],
      ['/admin/employee-schedules', 'Horarios de empleados', 'i18n-employee-schedules-es'],
      ['/my-schedule', 'Mi horario', 'i18n-my-schedule-es'],
    ] as const) {
      await admin.page.goto(path);
      await admin.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await checkScreenAtBothViewports(admin.page, name);
    }
    await admin.context.close();

    const customer = await e2e.open({
      viewport: 'phone',
      cookie: await sessionCookieFor(e2e.server.database, CUSTOMER),
    });
    await customer.page.goto('/profile');
    await customer.page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
    await customer.page.getByRole('heading', { name: 'Citas recientes' }).waitFor();
    await checkScreenAtBothViewports(customer.page, 'i18n-profile-es');
    await customer.context.close();
  });

  it('sends the first script its texts in the page and every later screen the rest, with no text missing', async () => {
    const { context, page } = await e2e.open({
      viewport: 'phone',
      cookie: await sessionCookieFor(e2e.server.database, CUSTOMER),
      locale: 'es-ES',
    });
    // A message missing from the page's catalogue shows as its id.
    const idsShown = async () => {
      const text = await page.locator('body').innerText();
      return Object.keys(messages).filter((id) => text.includes(id));
    };
    // The rest of the catalogue is held back until a later screen is asked for, so the first screens show
    // what the page itself carries.
    const catalogueFetches: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/i18n/**', async (route) => {
      catalogueFetches.push(route.request().url());
      await released;
      await route.continue();
    });
    await e2e.server.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, CUSTOMER));
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    // The page carries the home page's texts, not the profile's; it names where the rest is.
    expect(html).toContain('"home.featured"');
    expect(html).not.toContain('"profile.');
    expect(html).toMatch(/"wholeCatalogue":"\/i18n\/es\.[\w-]+\.json"/);
    await page.getByRole('heading', { name: 'Destacados' }).waitFor();
    expect(await idsShown()).toEqual([]);
    await page.getByRole('navigation').getByRole('link', { name: 'Productos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    expect(await idsShown()).toEqual([]);
    // A screen of a later script, reached inside the page: its texts come with it.
    await page.getByRole('link', { name: 'Perfil', exact: true }).first().click();
    release();
    await page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
    await page.getByRole('heading', { name: 'Citas recientes' }).waitFor();
    expect(await idsShown()).toEqual([]);
    expect(catalogueFetches).toHaveLength(1);
    await context.close();
  });
});
