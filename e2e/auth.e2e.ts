import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { queuedMail } from '../src/testing/test-server';
import {
  checkScreenAtBothViewports,
  expectNoSeriousAxeViolations,
  recordToasts,
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectToast,
} from './harness';

const e2e = useE2eApp();

const path = (page: Page) => new URL(page.url()).pathname;
const loggedOut = /Unauthorized.*You are logged out\. Logging in again\.\.\./;

describe.each<ViewportName>(['desktop', 'phone'])('sign-in on %s', (viewport) => {
  it('a customer signs in through the local provider from "Sign In with Google", and out again', async () => {
    const { context, page } = await e2e.open({ viewport });
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In with Google' }).click();
    // The development provider's own page, on loopback: pick a demo customer, or type anyone.
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    for (const group of ['Customers', 'Employees', 'Admins'])
      await page.getByRole('heading', { name: group }).waitFor();
    await screenshot(page, `auth-dev-provider-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: /Alex Morgan/ }).click();
    } else {
      await page.getByLabel('E-mail').fill('jamie.new@example.com');
      await page.getByLabel('First name').fill('Jamie');
      await page.getByLabel('Last name').fill('Newcomer');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    }
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
    if (viewport === 'desktop') {
      await page.getByText('Alex Morgan').waitFor();
      await screenshot(page, `auth-customer-home-${viewport}`);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('link', { name: 'Sign Out' }).click();
    } else {
      const [account] = await e2e.server.database.db
        .select({ role: users.role, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, 'jamie.new@example.com'));
      expect(account).toEqual({ role: 'customer', firstName: 'Jamie' });
      await screenshot(page, `auth-customer-home-${viewport}`);
      await expectNoSeriousAxeViolations(page);
      // Phones have no Sign Out in the bottom bar; the navigation itself is the same.
      await page.goto('/api/logout');
    }
    await page.getByRole('link', { name: 'Sign In with Google' }).waitFor();
    expect(path(page)).toBe('/');
    // Signed out on the server too: the session cookie no longer answers.
    const res = await page.request.get('/api/auth/user');
    expect(res.status()).toBe(401);
    await context.close();
  });

  it('a customer opening /admin sees Access Denied and lands on /', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, 'priya.shah@example.com');
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/admin');
    await expectToast(page, 'Access Denied');
    await page.getByText("You don't have permission to access this page.").waitFor();
    await screenshot(page, `auth-access-denied-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await context.close();
  });

  it('a visitor opening a customer page is told they are logged out and sent to sign in, back to that page after', async () => {
    // Without a session cookie or with one that has expired, the page itself says so: no session check is made.
    for (const cookie of [undefined, 'sid=an-expired-session']) {
      const { context, page } = await e2e.open({ viewport, cookie });
      const checks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/trpc/') && request.url().includes('auth.session')) checks.push(request.url());
      });
      // The page leaves for the sign-in half a second after it shows the toast: it is recorded as it appears.
      const toasts = await recordToasts(page);
      await page.goto('/products');
      await expect.poll(() => toasts).toContainEqual(expect.stringMatching(loggedOut));
      if (!cookie) await screenshot(page, `auth-visitor-guard-${viewport}`);
      await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
      expect(checks).toEqual([]);
      if (!cookie) {
        await page.getByRole('button', { name: /Alex Morgan/ }).click();
        await page.waitForURL(`${e2e.server.baseUrl}/products`);
        await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      }
      await context.close();
    }
  });

  it('a visitor opening the employee dashboard is told to log in and sent to /employee/login', async () => {
    const { context, page } = await e2e.open({ viewport });
    // As above: the page leaves half a second after its toast.
    const toasts = await recordToasts(page);
    await page.goto('/employee/dashboard');
    await expect
      .poll(() => toasts)
      .toContainEqual(expect.stringMatching(/Unauthorized.*Please log in to access your dashboard\./));
    await page.waitForURL(`${e2e.server.baseUrl}/employee/login`);
    await context.close();
  });

  it('the employee login checks its fields, reports a failure, and signs a demo employee in', async () => {
    const { context, page } = await e2e.open({ viewport });
    await page.goto('/employee/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByRole('link', { name: 'Apply to join our team' }).getAttribute('href')).toBe(
      '/employee/register',
    );
    await screenshot(page, `auth-employee-login-errors-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login Failed');
    await page.getByText('Invalid email or password').waitFor();

    await page.getByLabel('Password').fill('demo-password-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login Successful');
    await page.getByText('Welcome to your employee dashboard!').waitFor();
    await page.waitForURL(`${e2e.server.baseUrl}/employee/dashboard`);
    await page.getByRole('heading', { name: 'Employee Dashboard' }).waitFor();
    if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Employee portal' }).filter({ visible: true });
    for (const label of ['Dashboard', 'My Appointments', 'My Schedule', 'Profile'])
      await nav.getByRole('link', { name: label }).waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The sidebar (desktop) and the menu (phone) hold the same panel; only one is visible.
    await page.getByText('Maya Okafor').filter({ visible: true }).waitFor();
    await page.getByRole('link', { name: 'Customer View' }).filter({ visible: true }).waitFor();
    await screenshot(page, `auth-employee-dashboard-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await page.getByRole('link', { name: 'Sign In with Google' }).waitFor();
    expect((await page.request.get('/api/employee/me')).status()).toBe(401);
    await context.close();
  });
});

describe('applying to join the team', () => {
  const email = 'river.stone@example.com';

  // A long journey (three people, eight screens each checked at both sizes): more time than the default.
  it('a visitor applies, an admin approves, and the new employee sets a password from the e-mailed link', async () => {
    // The visitor, on a phone.
    const visitor = await e2e.open({ viewport: 'phone' });
    let page = visitor.page;
    await page.goto('/');
    await page.getByRole('link', { name: 'New employee? Apply to join our team' }).click();
    await page.getByRole('heading', { name: 'Join Our Team' }).waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please provide at least 20 characters about yourself',
      'Please describe your experience',
      'Please list your specialties',
    ]) {
      await page.getByText(message).waitFor();
    }
    await checkScreenAtBothViewports(page, 'auth-register-errors');
    await page.getByLabel('First Name').fill('River');
    await page.getByLabel('Last Name').fill('Stone');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('555 010 2030');
    await page.getByLabel('About You').fill('Nail artist who loves detail and a calm studio.');
    await page.getByLabel('Experience & Qualifications').fill('Six years in salons; licensed nail technician.');
    await page.getByLabel('Skills & Specialties').fill('Gel manicures, nail art');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Registration Submitted!' }).waitFor();
    await expectToast(page, 'Registration Submitted');
    await page
      .getByText("Your employee registration has been submitted for review. You'll receive an email when approved.")
      .waitFor();
    await checkScreenAtBothViewports(page, 'auth-register-done');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await visitor.context.close();

    // The admin, on a desktop.
    const admin = await e2e.open({
      viewport: 'desktop',
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    page = admin.page;
    await page.goto('/admin/employee-applications');
    await page.getByRole('heading', { name: 'Employee Applications' }).waitFor();
    await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('2 Pending');
    expect(await page.getByTestId('total-count').textContent()).toBe('2 Total');
    const card = page.getByTestId('pending-application').filter({ hasText: email });
    await card.getByText('555 010 2030').waitFor();
    await card.getByText(/^Applied [A-Z][a-z]{2} \d{2}, \d{4}$/).waitFor();
    await checkScreenAtBothViewports(page, 'auth-applications-pending');

    // The other applicant is rejected: a reason is required.
    const other = page.getByTestId('pending-application').filter({ hasText: 'Grace Kim' });
    await other.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject Application' });
    expect(await rejectDialog.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    await rejectDialog.getByLabel('Reason for rejection').fill('We are not hiring massage therapists this season.');
    await checkScreenAtBothViewports(page, 'auth-reject-dialog');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Application Rejected');
    await page.getByText('Application has been rejected.').waitFor();

    await card.getByRole('button', { name: 'Approve' }).click();
    const approveDialog = page.getByRole('dialog', { name: 'Approve Application' });
    await approveDialog.getByLabel('Notes (optional)').fill('Welcome, River!');
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Application Approved');
    await page.getByText('Employee account has been created successfully.').waitFor();
    await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('0 Pending');
    const processed = page.getByTestId('processed-application').filter({ hasText: email });
    await processed.getByText('approved').waitFor();
    await processed.getByText('Welcome, River!').waitFor();
    await checkScreenAtBothViewports(page, 'auth-applications-processed');
    await admin.context.close();

    // No SMTP in this run: the mail waits in the outbox, with the link.
    const mail = (await queuedMail(e2e.server.database.db, email)).at(-1);
    const link = /(http\S+\/employee\/set-password\?token=\S+)/.exec(mail!.text)![1]!;
    expect(link.startsWith(e2e.server.baseUrl)).toBe(true);

    // The new employee opens the link.
    const employee = await e2e.open({ viewport: 'desktop' });
    page = employee.page;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await page.getByText('Password must be at least 12 characters').waitFor();
    await page.getByLabel('New Password').fill('river-stone-nails-2026');
    await page.getByLabel('Confirm Password').fill('river-stone-nails-2026');
    await checkScreenAtBothViewports(page, 'auth-set-password');
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/employee/dashboard`);
    await page.getByRole('heading', { name: 'Employee Dashboard' }).waitFor();
    await page.getByText('River Stone').filter({ visible: true }).waitFor();
    await checkScreenAtBothViewports(page, 'auth-new-employee-dashboard');

    // The link worked once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link already used' }).waitFor();
    await page.getByText('This link has already been used. Please sign in with your password.').waitFor();
    await checkScreenAtBothViewports(page, 'auth-set-password-used');
    await employee.context.close();
  }, 180_000);
});
