import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import {
  SCREENSHOT_DIR,
  screenshot,
  sessionCookieFor,
  useE2eApp,
  type ViewportName,
  expectNoSeriousAxeViolations,
} from './harness';

const e2e = useE2eApp();
let staffCookie: string;
beforeAll(async () => {
  staffCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

// Each viewport's run has its own customer, who has not written before.
const customers: Record<ViewportName, { email: string; name: string }> = {
  desktop: { email: 'olivia.martin@example.com', name: 'Olivia Martin' },
  phone: { email: 'lucas.garcia@example.com', name: 'Lucas Garcia' },
};

/** The widget floats over the page: what the screen shows, not the whole page. */
const screenShot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });

describe.each<ViewportName>(['desktop', 'phone'])('support chat on %s', (viewport) => {
  it('a customer writes, staff see it arrive live in the inbox and answer, the customer sees the answer live', async () => {
    const customer = customers[viewport];
    const customerCookie = await sessionCookieFor(e2e.server.database, customer.email);
    const staffSide = await e2e.open({ viewport, cookie: staffCookie });
    const customerSide = await e2e.open({ viewport, cookie: customerCookie });
    const staff = staffSide.page;
    const shopper = customerSide.page;

    // Staff have the inbox open, with the demo conversations.
    await staff.goto('/admin/messages');
    await staff.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const conversations = staff.getByTestId('conversation');
    await conversations.first().waitFor();
    await screenshot(staff, `chat-inbox-${viewport}`);
    const menuBadge = staff.getByTestId('inbox-unread').filter({ visible: true });
    const unreadBefore = Number((await menuBadge.textContent())!.match(/\d+/)![0]);
    await expectNoSeriousAxeViolations(staff);

    // The customer opens the widget: the window, its empty state, and a send button that waits for text.
    await shopper.goto('/products');
    const chatButton = shopper.getByRole('button', { name: 'Open chat' });
    await chatButton.click();
    const chatWindow = shopper.getByRole('region', { name: 'Chat Support' });
    await chatWindow.getByRole('heading', { name: 'Chat Support' }).waitFor();
    await chatWindow.getByText('Start a conversation with our support team').waitFor();
    const input = chatWindow.getByPlaceholder('Type your message...');
    const send = chatWindow.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    const box = await chatWindow.boundingBox();
    // 80 by 96 units (320 by 384 px), inside the screen.
    expect(box!.width).toBe(320);
    expect(box!.height).toBe(384);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport === 'phone' ? 390 : 1280);
    await screenShot(shopper, `chat-widget-empty-${viewport}`);
    await expectNoSeriousAxeViolations(shopper);

    const question = `Hello from ${customer.name}: do you sell gift wrapping? (${viewport})`;
    await input.fill(`  ${question}  `);
    await send.click();
    const own = chatWindow.getByTestId('chat-message').filter({ hasText: question });
    await own.waitFor();
    expect(await own.getAttribute('data-own')).toBe('true');
    expect(await own.locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await input.inputValue()).toBe('');

    // Staff see it arrive without reloading: on top, unread, and counted in the menu.
    const fromCustomer = conversations.filter({ hasText: customer.name });
    await fromCustomer.waitFor({ timeout: 3000 });
    expect(await conversations.first().textContent()).toContain(customer.name);
    await fromCustomer.getByTestId('conversation-unread').waitFor();
    await expect
      .poll(async () => Number((await menuBadge.textContent())!.match(/\d+/)![0]), { timeout: 3000 })
      .toBe(unreadBefore + 1);

    // They open it and answer.
    await fromCustomer.click();
    const thread = staff.getByRole('list', { name: `Conversation with ${customer.name}` });
    await thread.getByText(question).waitFor();
    await expect
      .poll(async () => Number((await menuBadge.textContent().catch(() => '0'))?.match(/\d+/)?.[0] ?? 0), {
        timeout: 3000,
      })
      .toBe(unreadBefore);
    const answer = `Yes! Gift wrapping is free at the counter, ${customer.name.split(' ')[0]}.`;
    await staff.getByPlaceholder('Type your reply...').fill(answer);
    await staff.getByRole('button', { name: 'Send message' }).click();
    await thread.getByText(answer).waitFor();
    await screenshot(staff, `chat-inbox-thread-${viewport}`);
    await expectNoSeriousAxeViolations(staff);

    // The customer sees the answer live, from the other side.
    const reply = chatWindow.getByTestId('chat-message').filter({ hasText: answer });
    await reply.waitFor({ timeout: 3000 });
    expect(await reply.getAttribute('data-own')).toBe('false');
    await screenShot(shopper, `chat-widget-conversation-${viewport}`);

    // With the window closed, a new answer shows a dot on the button.
    await chatWindow.getByRole('button', { name: 'Close chat' }).click();
    await chatWindow.waitFor({ state: 'hidden' });
    await staff.getByPlaceholder('Type your reply...').fill('Anything else I can help with?');
    await staff.getByRole('button', { name: 'Send message' }).click();
    await shopper.getByTestId('chat-unread-dot').waitFor({ timeout: 3000 });
    await screenShot(shopper, `chat-widget-unread-${viewport}`);
    await chatButton.click();
    await chatWindow.getByText('Anything else I can help with?').waitFor();
    await shopper.getByTestId('chat-unread-dot').waitFor({ state: 'detached' });

    // A refused send tells the customer why, and keeps their text.
    const [{ id: userId }] = (await queryRows<{ id: string }>(
      e2e.server.database.db,
      sql`select id from users where email = ${customer.email}`,
    )) as [{ id: string }];
    await e2e.server.database.db.execute(
      sql`insert into rate_limits (key, hits, window_started_at, expires_at) values (${`chat-user:${userId}`}, 30, now(), now() + interval '60 seconds')
          on conflict (key) do update set hits = 30, expires_at = now() + interval '60 seconds'`,
    );
    await chatWindow.getByPlaceholder('Type your message...').fill('One more thing');
    await chatWindow.getByRole('button', { name: 'Send message' }).click();
    const toast = shopper.getByRole('alert').filter({ hasText: 'Failed to send message' });
    await toast.waitFor();
    // It slides in; once settled it is on screen, not somewhere below the page.
    await shopper.waitForTimeout(600);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport === 'phone' ? 844 : 800);
    expect(await toast.textContent()).toMatch(
      /You're sending messages too quickly\. Please wait (\d+ seconds|1 minute) and try again\./,
    );
    expect(await chatWindow.getByPlaceholder('Type your message...').inputValue()).toBe('One more thing');
    await screenShot(shopper, `chat-widget-failed-${viewport}`);
    await e2e.server.database.db.execute(sql`delete from rate_limits where key = ${`chat-user:${userId}`}`);

    await staffSide.context.close();
    await customerSide.context.close();
  });
});
