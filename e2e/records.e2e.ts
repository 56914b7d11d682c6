import type { Locator } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { services, users } from '../db/schema/index';
import { signInWithOidc } from '../src/server/auth/oidc-sign-in';
import { notErased } from '../src/server/customers/erased';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { workdays } from './demo-days';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, useE2eApp, type ViewportName } from './harness';

// Customer records and data rights (docs/customers.md): intake questions booked and read by staff, a CSV import
// with errors then without, an export, and a customer who downloads then erases her data.
const e2e = useE2eApp();
let facialId: string;
const [deskDay, phoneDay] = workdays(2);

beforeAll(async () => {
  const [facial] = await e2e.server.database.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Express Facial'));
  facialId = facial!.id;
});

async function customer(email: string, locale: 'en' | 'es' | null = null) {
  const db = e2e.server.database.db;
  const [row] = await db.insert(users).values({ email, firstName: 'Lucía', lastName: 'Gómez', locale }).returning();
  return { id: row!.id, cookie: await sessionCookieFor(e2e.server.database, email) };
}

describe.each<ViewportName>(['desktop', 'phone'])('customer records on %s', (viewport) => {
  it('a service with two required questions is booked (in Spanish on the phone) and staff see the answers', async () => {
    const spanish = viewport === 'phone';
    const me = await customer(`intake-${viewport}@example.com`, spanish ? 'es' : null);
    const { context, page } = await e2e.open({ viewport, cookie: me.cookie });
    await page.goto(`/booking?service=${facialId}`);
    const questions = page.getByTestId('intake-questions');
    await questions.waitFor();
    await page.locator('input[type=date]').fill(viewport === 'desktop' ? deskDay! : phoneDay!);
    const pickFirstTime = async () => {
      const time = page.getByRole('radio').first();
      await time.waitFor();
      // The radio is drawn by its label (the input itself is visually hidden): a person clicks the label.
      await time.evaluate((input) => input.closest('label')!.click());
      await expect.poll(() => time.isChecked()).toBe(true);
    };
    await pickFirstTime();
    // The questions in the page's language: the business gave the facial's questions Spanish words too.
    const words = spanish
      ? {
          allergies: /¿Alguna alergia/,
          skin: 'Tipo de piel',
          oily: 'Grasa',
          patch: 'Acepto una prueba de tolerancia si hace falta',
        }
      : { allergies: /Any allergies/, skin: 'Skin type', oily: 'Oily', patch: 'I agree to a patch test if needed' };
    // The optional patch-test box is left unticked: she was asked it, and her answer is No.
    const answerTo = (scope: Locator, label: string) =>
      scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]').textContent();
    await page.getByLabel(words.allergies).fill('Nuts');
    await page.locator('form button[type=submit]').click();
    // The server names the question left unanswered, in the page's language.
    await page
      .getByText(spanish ? 'Responde a «Tipo de piel».' : 'Please answer "Skin type".')
      .first()
      .waitFor();
    await page.getByLabel(new RegExp(words.skin)).click();
    await page.getByRole('option', { name: words.oily }).click();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `records-intake-${viewport}`);
    // The refusal was of an answer: the chosen time is still chosen.
    expect(await page.getByRole('radio').first().isChecked()).toBe(true);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId('answers').getByText(words.oily).first().waitFor();
    expect(await answerTo(page.getByTestId('answers'), words.patch)).toBe('No');
    await context.close();

    const staff = await e2e.open({ viewport, cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL) });
    await staff.page.goto(`/admin/customers/${me.id}`);
    const visits = staff.page.getByTestId('record-appointments');
    // The answers as she was asked: in Spanish when she booked in Spanish.
    await visits.getByText(words.skin).waitFor();
    await visits.getByText(words.oily).waitFor();
    await visits.getByText('Nuts').waitFor();
    expect(await answerTo(visits, words.patch)).toBe('No');
    await expectNoSeriousAxeViolations(staff.page);
    await screenshot(staff.page, `records-answers-${viewport}`);

    // The questions as the service dialog edits them.
    await staff.page.goto('/admin/services');
    await staff.page
      .getByTestId('admin-catalog-card')
      .filter({ hasText: 'Express Facial' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = staff.page.getByTestId('service-questions');
    await editor.getByText('Questions for the customer').waitFor();
    expect(await editor.getByLabel('Question 2', { exact: true }).inputValue()).toBe('Skin type');
    await editor.getByText('Options of question 2 (separated by commas)').waitFor();
    expect(await editor.getByLabel('Question 2 in Spanish (optional)').inputValue()).toBe('Tipo de piel');
    expect(await editor.getByLabel('Options of question 2 in Spanish, in the same order (optional)').inputValue()).toBe(
      'Seca, Grasa, Mixta, No lo sé',
    );
    await editor.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(staff.page);
    await screenshot(staff.page, `records-service-questions-${viewport}`);
    await staff.context.close();
  });

  it('an import with three bad rows shows them and writes nothing; fixed, it writes all; the export has them', async () => {
    const db = e2e.server.database.db;
    const emails = [1, 2, 3, 4].map((n) => `import-${viewport}-${n}@example.com`);
    const header = 'E-mail,First name,Last name,Tags,Notes';
    const bad = [
      header,
      `${emails[0]},Ana,Ruiz,vip,`,
      'not-an-email,Bad,Row,,',
      ',No,Mail,,',
      'maya@example.com,Staff,Member,,',
      `${emails[1]},Luis,Pérez,,`,
    ].join('\n');
    const good = [header, ...emails.map((e, i) => `${e},Person${i},Imported,new,`)].join('\n');
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin/customers');
    await page.getByTestId('import-customers').click();
    const dialog = page.getByTestId('import-dialog');
    const file = dialog.locator('input[type=file]');
    await file.setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    const rows = dialog.getByTestId('import-errors').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    await dialog.getByText('3 errors: nothing will be imported').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `records-import-errors-${viewport}`);
    const written = () => db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(await written()).toEqual([]);

    await file.setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await dialog.getByText('The file is right: 4 to add, 0 to update.').waitFor();
    await dialog.getByRole('button', { name: 'Import all' }).click();
    await page.getByText('Imported: 4 added, 0 updated').first().waitFor();
    expect((await written()).length).toBe(4);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-customers').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    for (const email of emails) expect(csv).toContain(email);
    // Every customer but the erased ones (the other viewport's journey erases one).
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from users u where role = 'customer' and ${notErased}`),
    );
    expect(csv.trim().split(/\r?\n/).length).toBe(Number(count!.n) + 1);
    await context.close();
  });

  it('a customer downloads then erases her data, and signing in again makes a new, empty customer', async () => {
    const email = `rights-${viewport}@example.com`;
    const me = await customer(email);
    const { context, page } = await e2e.open({ viewport, cookie: me.cookie });
    await page.goto('/profile');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const data = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
    expect(data.profile).toMatchObject({ id: me.id, email });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const forGood = page.getByRole('button', { name: 'Delete my account for good' });
    expect(await forGood.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `records-delete-account-${viewport}`);
    await forGood.click();
    await page.waitForURL((url) => url.pathname === '/');
    const [gone] = await e2e.server.database.db.select().from(users).where(eq(users.id, me.id));
    expect(gone).toMatchObject({ firstName: 'Deleted', lastName: 'customer', isActive: false });
    await context.close();

    // Staff still open her record by id: a Spanish-speaking admin reads her name in Spanish, and no address.
    const adminEmail = `admin-es-${viewport}@example.com`;
    await e2e.server.database.db
      .insert(users)
      .values({ email: adminEmail, firstName: 'Ana', lastName: 'Ruiz', role: 'admin', locale: 'es' });
    const staff = await e2e.open({ viewport, cookie: await sessionCookieFor(e2e.server.database, adminEmail) });
    await staff.page.goto(`/admin/customers/${me.id}`);
    await staff.page.getByRole('heading', { level: 1, name: 'Cliente eliminado' }).waitFor();
    expect(await staff.page.getByText('erased.invalid').count()).toBe(0);
    await expectNoSeriousAxeViolations(staff.page);
    await screenshot(staff.page, `records-erased-record-${viewport}`);
    await staff.context.close();

    const again = await signInWithOidc(
      e2e.server.database.db,
      { issuer: 'https://id.example', subject: `rights-${viewport}`, email, emailVerified: true },
      { adminEmails: [] },
    );
    const fresh = await fetch(`${e2e.server.baseUrl}/api/auth/user/export`, {
      headers: { cookie: `sid=${again.token}` },
    }).then((r) => r.json());
    expect(fresh.profile.id).not.toBe(me.id);
    expect(fresh.profile.email).toBe(email);
    expect([fresh.appointments, fresh.orders, fresh.chats, fresh.waitlist]).toEqual([[], [], [], []]);
  });
});
