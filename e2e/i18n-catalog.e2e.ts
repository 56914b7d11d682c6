import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { checkScreenAtBothViewports, screenshot, sessionCookieFor, useE2eApp } from './harness';

const e2e = useE2eApp();
// A customer of the demo data who has chosen no language: the browser's is asked.
const CUSTOMER = 'alex.morgan@example.com';
let customerCookie: string;
let adminCookie: string;
beforeAll(async () => {
  await e2e.server.database.db.update(users).set({ locale: 'es' }).where(eq(users.email, DEMO_ADMIN_EMAIL));
  customerCookie = await sessionCookieFor(e2e.server.database, CUSTOMER);
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

/**
 * Spanish runs longer than English: at a desktop, a phone and the narrowest phone (375 px) the page must not scroll
 * sideways, and no button, link, heading or field label of the page or its dialog may be wider than its box.
 */
async function expectTextToFit(page: Page) {
  const original = page.viewportSize();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    const overflowing = await page.evaluate(() => {
      const boxes = document.querySelectorAll<HTMLElement>(
        'main :is(button, a, h1, h2, label), [role=dialog] :is(button, label, legend, p), [role=alertdialog] :is(button, h2, p)',
      );
      const found = [...boxes]
        .filter((box) => box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.tagName.toLowerCase()} "${box.textContent?.trim() ?? ''}"`);
      if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
      return found;
    });
    expect(overflowing, `at ${size.width} px`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}

describe('the catalogue in Spanish', () => {
  it('shows the products in Spanish to a customer whose browser asks for Spanish', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', cookie: customerCookie, locale: 'es-ES' });
    await page.goto('/products');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByText('Todo lo que usamos en nuestros tratamientos, para llevártelo a casa.').waitFor();
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: 'Añadir al carrito' }) })
      .first();
    await card.waitFor();
    await card.getByText(/^\d+ disponibles?$/).waitFor();
    // Sold out (demo data): said in Spanish, and still disabled.
    const soldOut = page.getByTestId('product-card').filter({ hasText: 'Argan Hair Mask' });
    await soldOut.getByText('Sin existencias').waitFor();
    expect(await soldOut.getByRole('button', { name: 'Agotado' }).isDisabled()).toBe(true);
    await checkScreenAtBothViewports(page, 'i18n-catalog-products-es');
    await expectTextToFit(page);

    const search = page.getByRole('searchbox', { name: 'Buscar productos' });
    expect(await search.getAttribute('placeholder')).toBe('Buscar productos...');
    await search.fill('nada parecido en ninguna parte');
    await page.getByRole('heading', { name: 'No se han encontrado productos' }).waitFor();
    await page.getByText('Prueba con otros términos de búsqueda').waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-products-none-es');
    await expectTextToFit(page);
    await context.close();
  });

  it('shows the services in Spanish to a customer whose browser asks for Spanish', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', cookie: customerCookie, locale: 'es-MX' });
    await page.goto('/services');
    await page.getByRole('heading', { level: 1, name: 'Servicios' }).waitFor();
    await page.getByText('Reserva un tratamiento con nuestro equipo.').waitFor();
    const service = page.getByTestId('service-card').first();
    await service.getByText(/^\d+ minutos$/).waitFor();
    expect(await service.getByRole('link', { name: 'Reserva rápida' }).getAttribute('href')).toMatch(
      /^\/booking\?service=/,
    );
    expect(await service.getByRole('link', { name: 'Elegir empleado' }).getAttribute('href')).toBe('/employee-booking');
    await page.getByRole('searchbox', { name: 'Buscar servicios' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-services-es');
    await expectTextToFit(page);
    await context.close();
  });

  it('shows an admin who chose Spanish the products and the delete confirmation in Spanish', async () => {
    // The browser asks for English: the saved choice wins.
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie: adminCookie, locale: 'en-US' });

    await page.goto('/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByText('Gestiona el catálogo en el que compran los clientes.').waitFor();
    const card = page.getByTestId('admin-catalog-card').first();
    await card.getByText(/^Existencias: \d+$/).waitFor();
    await card.getByRole('button', { name: 'Editar' }).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-admin-products-es');
    await expectTextToFit(page);

    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar producto' });
    await confirm.getByText(/^¿Seguro que quieres eliminar ".+"\? Esta acción no se puede deshacer\.$/).waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-delete-confirm-es');
    await expectTextToFit(page);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows an admin who chose Spanish the product dialog in Spanish, with the schema messages', async () => {
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie: adminCookie });
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Añadir producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir producto' });
    await dialog.getByText('Añade un producto al catálogo.').waitFor();
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    // The shared schema's messages, said in Spanish.
    await dialog.getByText('Escribe el nombre').waitFor();
    await dialog.getByText('Indica el precio').waitFor();
    // The price field names the business's currency (the demo business sells in US dollars).
    await dialog.getByLabel('Precio (US$)').fill('12.5');
    await dialog.getByLabel('Inventario').fill('3');
    await dialog.getByLabel('URL de la imagen').fill('no es un enlace');
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    await dialog.getByText('La URL de la imagen debe ser una URL válida').waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-product-dialog-es');
    await expectTextToFit(page);
    await dialog.getByRole('button', { name: 'Crear producto' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'i18n-catalog-product-dialog-end-es-desktop');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows an admin who chose Spanish the services and the service dialog in Spanish', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone', cookie: adminCookie, locale: 'en-US' });
    await page.goto('/admin/services');
    await page.getByRole('heading', { level: 1, name: 'Servicios' }).waitFor();
    await page
      .getByTestId('admin-catalog-card')
      .first()
      .getByText(/^\d+ min.* · (Todos los empleados|\d+ empleados?)$/)
      .waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-admin-services-es');
    await expectTextToFit(page);

    await page.getByRole('button', { name: 'Añadir servicio' }).click();
    const serviceDialog = page.getByRole('dialog', { name: 'Añadir servicio' });
    await serviceDialog.getByLabel('Duración (minutos)').fill('50');
    await serviceDialog.getByLabel('Capacidad').fill('101');
    await serviceDialog.getByRole('combobox', { name: 'Depósito' }).click();
    await page.getByRole('option', { name: 'Un importe fijo' }).click();
    await serviceDialog.getByLabel('Importe del depósito').fill('5');
    await serviceDialog.getByRole('button', { name: 'Crear servicio' }).click();
    await serviceDialog.getByText('La duración debe ser un múltiplo de 15 minutos').waitFor();
    await serviceDialog.getByText('La capacidad debe ser como máximo 100').waitFor();
    await serviceDialog.getByText('Empleados que prestan este servicio').waitFor();
    await checkScreenAtBothViewports(page, 'i18n-catalog-service-dialog-es');
    await expectTextToFit(page);
    // The dialog scrolls: its lower half (buffers, capacity, deposit, employees) for a person to look at.
    await serviceDialog.getByText('Empleados que prestan este servicio').scrollIntoViewIfNeeded();
    await screenshot(page, 'i18n-catalog-service-dialog-end-es-phone');
    await context.close();
  });
});
