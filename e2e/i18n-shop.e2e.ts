import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { queuedMail } from '../src/testing/test-server';
import { checkScreenAtBothViewports, screenshot, sessionCookieFor, useE2eApp } from './harness';
import { addProduct, addToCartFromShop } from './shop-steps';

const e2e = useE2eApp();
// Two customers of the demo data: one chose Spanish on their account, the other never chose.
const SPANISH = 'olivia.martin@example.com';
const ENGLISH = 'lucas.garcia@example.com';
const OIL = 'Aceite de lavanda';
beforeAll(async () => {
  await e2e.server.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, SPANISH));
  await addProduct(e2e.server.database, OIL, '12.50', 5);
});

/** The cart's count, as a screen reader says it (the number shows, the words are for screen readers). */
const cartBadge = (page: Page) => page.getByTestId('cart-badge').filter({ visible: true });

describe('the shop in Spanish', () => {
  it('a customer who chose Spanish adds a product, checks out, sees the order and gets the mail in Spanish', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, SPANISH);
    // The browser asks for English: the account's choice wins.
    const { context, page } = await e2e.open({ viewport: 'phone', cookie });

    await page.goto('/cart');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { level: 1, name: 'Carrito' }).waitFor();
    // The tab says the page and the business.
    await expect.poll(() => page.title()).toBe('Carrito · Harbor & Pine Wellness');
    await page.getByText('Tu carrito está vacío').waitFor();
    await page.getByRole('link', { name: 'Ver productos' }).waitFor();
    // The header fits a phone: the language menu shows the code, keeps its name, and nothing runs off the screen.
    const menu = page.getByRole('combobox', { name: 'Idioma' });
    expect(await menu.inputValue()).toBe('es');
    expect((await menu.boundingBox())!.width).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreenAtBothViewports(page, 'i18n-shop-cart-empty-es');

    // The shop's own words belong to the catalogue's screens; the product is found by its name.
    await addToCartFromShop(page, OIL, 'Añadido al carrito');
    await expect.poll(() => cartBadge(page).textContent()).toBe('1 artículo en el carrito');

    await page.goto('/cart');
    const line = page.getByTestId('cart-item').filter({ hasText: OIL });
    await line.getByText(/^12,50\s(US\$|\$)\scada uno$/).waitFor();
    expect(await line.getByRole('button', { name: `Reducir la cantidad de ${OIL}` }).isDisabled()).toBe(true);
    await line.getByRole('button', { name: `Aumentar la cantidad de ${OIL}` }).click();
    await expect.poll(() => line.getByTestId('line-total').textContent()).toMatch(/^25,00\s(US\$|\$)$/);
    expect(await line.getByLabel(`Cantidad de ${OIL}`, { exact: true }).inputValue()).toBe('2');
    await expect.poll(() => cartBadge(page).textContent()).toBe('2 artículos en el carrito');
    const summary = page.getByTestId('order-summary');
    await summary.getByRole('heading', { name: 'Resumen del pedido' }).waitFor();
    // A code that does not exist is refused in Spanish, under the field.
    await summary.getByLabel('Código de descuento').fill('NOPE');
    await summary.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await summary.getByRole('alert').getByText('Este código de descuento no existe.').waitFor();
    await checkScreenAtBothViewports(page, 'i18n-shop-cart-es');

    await page.getByRole('link', { name: 'Ir a pagar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pagar' }).waitFor();
    await page.getByRole('heading', { name: 'Revisa tu pedido' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-shop-checkout-es');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();

    await page.getByRole('heading', { name: '¡Gracias por tu pedido!' }).waitFor();
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
    expect(number).toMatch(/^[0-9a-f-]{8}$/);
    await page.getByRole('link', { name: 'Ver historial de pedidos' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-shop-order-es');

    // The order mail waits in the outbox (no SMTP in this run), written in the customer's language.
    const mail = (await queuedMail(e2e.server.database.db, SPANISH)).find((m) => m.subject.includes(number));
    expect(mail?.subject).toBe(`Pedido n.º ${number} recibido`);
    expect(mail?.text).toContain(`gracias por tu pedido n.º ${number}.`);
    expect(mail?.text).toMatch(/2 x Aceite de lavanda a 12,50\s(US\$|\$)/);
    expect(mail?.text).toContain('Pagas al recoger tu pedido.');
    await context.close();
  }, 120_000);

  it('the same customer writes to support in Spanish and reads the answer', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, SPANISH);
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie });
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Carrito' }).waitFor();
    await page.getByRole('button', { name: 'Abrir el chat' }).click();
    const chatWindow = page.getByRole('region', { name: 'Chat de ayuda' });
    await chatWindow.getByRole('heading', { name: 'Chat de ayuda' }).waitFor();
    await chatWindow.getByText('Empieza una conversación con nuestro equipo de ayuda').waitFor();
    const input = chatWindow.getByPlaceholder('Escribe tu mensaje...');
    const send = chatWindow.getByRole('button', { name: 'Enviar mensaje' });
    expect(await send.isDisabled()).toBe(true);
    const question = '¿Hacéis envoltorio de regalo?';
    await input.fill(question);
    await send.click();
    await chatWindow.getByTestId('chat-message').filter({ hasText: question }).waitFor();

    // Staff answer from the inbox (in English: the admin never chose a language).
    const staff = await e2e.open({
      viewport: 'desktop',
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await staff.page.goto('/admin/messages');
    await staff.page.getByTestId('conversation').filter({ hasText: 'Olivia Martin' }).click();
    const answer = 'Sí, en el mostrador y sin coste.';
    await staff.page.getByPlaceholder('Type your reply...').fill(answer);
    await staff.page.getByRole('button', { name: 'Send message' }).click();
    // Sent once the thread shows it: closing the page sooner could cancel the request.
    await staff.page.getByRole('list', { name: 'Conversation with Olivia Martin' }).getByText(answer).waitFor();
    await staff.context.close();

    // A chat never goes quiet on the network: wait for the answer itself.
    await chatWindow.getByTestId('chat-message').filter({ hasText: answer }).waitFor();
    await chatWindow.getByRole('button', { name: 'Cerrar el chat' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-shop-chat-es');
    await context.close();
  });

  it('a customer of the same business who never chose a language sees the cart in English', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, ENGLISH);
    const { context, page } = await e2e.open({ viewport: 'phone', cookie });
    await addToCartFromShop(page, OIL);
    await expect.poll(() => cartBadge(page).textContent()).toBe('1 item in cart');
    await page.goto('/cart');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    const line = page.getByTestId('cart-item').filter({ hasText: OIL });
    await line.getByText('$12.50 each').waitFor();
    await line.getByRole('button', { name: `Increase quantity of ${OIL}` }).waitFor();
    await page.getByTestId('order-summary').getByRole('heading', { name: 'Order Summary' }).waitFor();
    await page.getByLabel('Discount code').waitFor();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    await context.close();
  });

  it("a sign-in that did not happen ends on a page in the browser's language", async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', locale: 'es-ES' });
    await page.goto('/sign-in-error?reason=expired');
    await page.getByRole('heading', { name: 'Inicio de sesión caducado' }).waitFor();
    await page.getByText('El inicio de sesión tardó demasiado').waitFor();
    await page.getByRole('link', { name: 'Volver a intentarlo' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-shop-sign-in-error-es');
    await context.close();
  });

  it('the customer and admin headers fit a 375 px phone in both languages', async () => {
    await e2e.server.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, DEMO_ADMIN_EMAIL));
    for (const [email, path, lang, name] of [
      [SPANISH, '/cart', 'es', 'i18n-shop-header-customer-es'],
      [ENGLISH, '/cart', 'en', 'i18n-shop-header-customer-en'],
      [DEMO_ADMIN_EMAIL, '/admin', 'es', 'i18n-shop-header-admin-es'],
    ] as const) {
      const { context, page } = await e2e.open({
        viewport: 'phone',
        cookie: await sessionCookieFor(e2e.server.database, email),
      });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      const menu = page.getByRole('combobox', { name: lang === 'es' ? 'Idioma' : 'Language' });
      expect(await menu.inputValue()).toBe(lang);
      // Sign out stays at hand, by its name, without crowding the bar.
      const signOut = page.getByRole('link', { name: lang === 'es' ? 'Cerrar sesión' : 'Sign Out' });
      const header = (await page.locator('header').first().boundingBox())!;
      for (const control of [menu, signOut]) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
      }
      await screenshot(page, `${name}-375`);
      // The bar itself: nothing in it runs wider than it.
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((bar) => bar.scrollWidth - bar.clientWidth),
      ).toBe(0);
      await context.close();
    }
  });
});
