import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
// The original client sends every message to one fixed placeholder admin id; both forms it could take.
const PLACEHOLDER_IDS = ['admin', '00000000-0000-4000-8000-000000000001'];

beforeEach(async () => {
  await server.db.delete(rateLimits);
});

async function people() {
  const alex = await signInAs(server.database, 'customer', { firstName: 'Alex', lastName: 'Morgan' });
  const blair = await signInAs(server.database, 'customer', { firstName: 'Blair', lastName: 'Chen' });
  const maya = await signInAs(server.database, 'employee', {
    firstName: 'Maya',
    lastName: 'Patel',
    permissions: ['chat.view', 'chat.respond'],
  });
  return { alex, blair, maya };
}

const send = (cookie: string, body: unknown) => server.request('POST', '/api/chat/messages', { cookie, body });

describe('support chat over REST, as the widget sends it', () => {
  it('needs a session', async () => {
    expect((await server.request('GET', '/api/chat/messages')).status).toBe(401);
    const res = await server.request('POST', '/api/chat/messages', { body: { receiverId: 'admin', message: 'Hi' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  });

  it('puts a customer message to the placeholder into their conversation, trimmed, readable on all three paths', async () => {
    const { alex } = await people();
    const res = await send(alex.cookie, {
      receiverId: PLACEHOLDER_IDS[0],
      message: '  Do you have openings on Saturday?  ',
    });
    expect(res.status, res.text).toBe(200);
    const message = {
      id: expect.any(String),
      senderId: alex.user.id,
      receiverId: null,
      message: 'Do you have openings on Saturday?',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      customerId: alex.user.id,
      sender: { id: alex.user.id, firstName: 'Alex', lastName: 'Morgan', role: 'customer' },
    };
    expect(res.body).toEqual(message);
    expect((await send(alex.cookie, { receiverId: PLACEHOLDER_IDS[1], message: 'And Sunday?' })).status).toBe(200);

    for (const path of [
      '/api/chat/messages',
      ...PLACEHOLDER_IDS.flatMap((id) => [`/api/chat/messages?with=${id}`, `/api/chat/messages/${id}`]),
    ]) {
      const list = await server.request('GET', path, { cookie: alex.cookie });
      expect(list.status, path).toBe(200);
      expect(
        list.body.map((m: { message: string }) => m.message),
        path,
      ).toEqual(['Do you have openings on Saturday?', 'And Sunday?']);
      expect(list.body[0]).toEqual(message);
    }
  });

  it('addresses a named staff member when the receiverId is one, still in the same conversation', async () => {
    const { alex, maya } = await people();
    const res = await send(alex.cookie, { receiverId: maya.user.id, message: 'Maya, is my colour in stock?' });
    expect(res.body).toMatchObject({ receiverId: maya.user.id, customerId: alex.user.id });
    expect(
      (await server.request('GET', `/api/chat/messages/${maya.user.id}`, { cookie: alex.cookie })).body,
    ).toHaveLength(1);
  });

  it('refuses blank and over-long messages with 400 and saves nothing', async () => {
    const { alex } = await people();
    const blank = await send(alex.cookie, { receiverId: 'admin', message: '   \n ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Message cannot be empty' });
    const missing = await send(alex.cookie, { receiverId: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Message is required');
    const long = await send(alex.cookie, { receiverId: 'admin', message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Message must be at most 2,000 characters');
    expect((await server.request('GET', '/api/chat/messages', { cookie: alex.cookie })).body).toEqual([]);
    // 2,000 characters after trimming is fine.
    const longest = await send(alex.cookie, { receiverId: 'admin', message: ` ${'y'.repeat(2000)} ` });
    expect(longest.status).toBe(200);
    expect(longest.body.message).toHaveLength(2000);
  });

  it("never shows one customer another customer's conversation", async () => {
    const { alex, blair } = await people();
    await send(alex.cookie, { receiverId: 'admin', message: 'My private question' });
    // Naming another customer as receiver still writes to the support team, in the writer's own conversation.
    const sneaky = await send(blair.cookie, { receiverId: alex.user.id, message: 'Hello Alex?' });
    expect(sneaky.body).toMatchObject({ receiverId: null, customerId: blair.user.id });

    expect(
      (await server.request('GET', '/api/chat/messages', { cookie: blair.cookie })).body.map(
        (m: { message: string }) => m.message,
      ),
    ).toEqual(['Hello Alex?']);
    expect(
      (await server.request('GET', `/api/chat/messages?with=${alex.user.id}`, { cookie: blair.cookie })).status,
    ).toBe(404);
    const byPath = await server.request('GET', `/api/chat/messages/${alex.user.id}`, { cookie: blair.cookie });
    expect(byPath.status).toBe(404);
    expect(byPath.body).toEqual({ message: 'Conversation not found', code: 'NOT_FOUND' });
    expect(
      (await server.request('GET', '/api/chat/messages', { cookie: alex.cookie })).body.map(
        (m: { message: string }) => m.message,
      ),
    ).toEqual(['My private question']);
    // Nor the inbox, nor marking it read.
    expect((await server.request('GET', '/api/chat/conversations', { cookie: blair.cookie })).status).toBe(403);
    expect(
      (await server.request('POST', '/api/chat/read', { cookie: blair.cookie, body: { customerId: alex.user.id } }))
        .status,
    ).toBe(200);
    expect((await server.request('GET', '/api/chat/unread', { cookie: alex.cookie })).body).toEqual({ count: 0 });
  });
});

describe('the staff inbox', () => {
  it('lists conversations latest first with customer, last message and unread count; staff read and answer', async () => {
    const { alex, blair, maya } = await people();
    await send(alex.cookie, { receiverId: 'admin', message: 'First from Alex' });
    await send(blair.cookie, { receiverId: 'admin', message: 'Blair here' });
    await send(alex.cookie, { receiverId: 'admin', message: 'Second from Alex' });

    const inbox = await server.request('GET', '/api/chat/conversations', { cookie: maya.cookie });
    expect(inbox.status, inbox.text).toBe(200);
    const mine = inbox.body.filter((c: { customer: { id: string } }) =>
      [alex.user.id, blair.user.id].includes(c.customer.id),
    );
    expect(mine).toEqual([
      {
        customer: { id: alex.user.id, firstName: 'Alex', lastName: 'Morgan', email: alex.user.email },
        lastMessage: { message: 'Second from Alex', createdAt: expect.any(String), senderId: alex.user.id },
        unreadCount: 2,
      },
      {
        customer: { id: blair.user.id, firstName: 'Blair', lastName: 'Chen', email: blair.user.email },
        lastMessage: { message: 'Blair here', createdAt: expect.any(String), senderId: blair.user.id },
        unreadCount: 1,
      },
    ]);
    expect(inbox.body[0].customer.id).toBe(alex.user.id);

    const thread = await server.request('GET', `/api/chat/messages?with=${alex.user.id}`, { cookie: maya.cookie });
    expect(thread.body.map((m: { message: string }) => m.message)).toEqual(['First from Alex', 'Second from Alex']);
    expect((await server.request('GET', `/api/chat/messages/${alex.user.id}`, { cookie: maya.cookie })).body).toEqual(
      thread.body,
    );

    const answer = await send(maya.cookie, { receiverId: alex.user.id, message: 'Hi Alex, how can I help?' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      senderId: maya.user.id,
      receiverId: alex.user.id,
      customerId: alex.user.id,
      sender: { firstName: 'Maya', role: 'employee' },
    });
    const seen = await server.request('GET', '/api/chat/messages', { cookie: alex.cookie });
    expect(seen.body.at(-1)).toMatchObject({ message: 'Hi Alex, how can I help?', senderId: maya.user.id });
    // Answering counts as having read the conversation.
    const after = (await server.request('GET', '/api/chat/conversations', { cookie: maya.cookie })).body;
    expect(after[0]).toMatchObject({
      customer: { id: alex.user.id },
      unreadCount: 0,
      lastMessage: { senderId: maya.user.id },
    });
  });

  it('keeps read markers per person: unread counts for the customer and for each staff member', async () => {
    const { alex, maya } = await people();
    const admin = await signInAs(server.database, 'admin');
    await send(alex.cookie, { receiverId: 'admin', message: 'Hello?' });
    const staffUnread = async (cookie: string) =>
      (await server.request('GET', '/api/chat/unread', { cookie })).body.count as number;
    const before = await staffUnread(maya.cookie);
    expect(before).toBeGreaterThanOrEqual(1);
    const read = await server.request('POST', '/api/chat/read', {
      cookie: maya.cookie,
      body: { customerId: alex.user.id },
    });
    expect(read.status).toBe(200);
    expect(read.body.count).toBe(before - 1);
    // The admin has not read it.
    expect(
      (await server.request('GET', '/api/chat/conversations', { cookie: admin.cookie })).body.find(
        (c: { customer: { id: string } }) => c.customer.id === alex.user.id,
      ).unreadCount,
    ).toBe(1);

    await send(admin.cookie, { receiverId: alex.user.id, message: 'Yes?' });
    await send(maya.cookie, { receiverId: alex.user.id, message: 'We are here.' });
    expect(await staffUnread(alex.cookie)).toBe(2);
    // The customer's own message does not count for them; reading clears the rest.
    expect((await server.request('POST', '/api/chat/read', { cookie: alex.cookie })).body).toEqual({ count: 0 });
    expect(await staffUnread(alex.cookie)).toBe(0);
  });

  it('needs chat.view to read and chat.respond to answer; unknown customers are 404', async () => {
    const { alex } = await people();
    await send(alex.cookie, { receiverId: 'admin', message: 'Anyone?' });
    const plain = await signInAs(server.database, 'employee');
    const viewer = await signInAs(server.database, 'employee', { permissions: ['chat.view'] });
    expect((await server.request('GET', '/api/chat/conversations', { cookie: plain.cookie })).status).toBe(403);
    expect(
      (await server.request('GET', `/api/chat/messages?with=${alex.user.id}`, { cookie: plain.cookie })).status,
    ).toBe(403);
    expect(
      (await server.request('GET', `/api/chat/messages?with=${alex.user.id}`, { cookie: viewer.cookie })).status,
    ).toBe(200);
    const refused = await send(viewer.cookie, { receiverId: alex.user.id, message: 'Let me check.' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to answer customer messages.");
    // Staff have no conversation of their own, and answer only customers.
    expect((await server.request('GET', '/api/chat/messages', { cookie: viewer.cookie })).body).toEqual([]);
    const admin = await signInAs(server.database, 'admin');
    expect((await send(admin.cookie, { receiverId: 'admin', message: 'Hi' })).status).toBe(404);
    expect((await send(admin.cookie, { receiverId: viewer.user.id, message: 'Hi' })).status).toBe(404);
    expect(
      (
        await server.request('GET', '/api/chat/messages?with=00000000-0000-4000-8000-000000000000', {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await server.request('GET', '/api/chat/messages', { cookie: alex.cookie })).body).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('allows 30 messages a minute per person, then 429 with Retry-After on both API paths', async () => {
    const { alex, blair } = await people();
    for (let i = 0; i < 30; i++) {
      const path = i % 2 ? '/api/chat/messages' : '/api/trpc/chat.send';
      const res = await server.request('POST', path, {
        cookie: alex.cookie,
        body: { receiverId: 'admin', message: `message ${i}` },
      });
      expect(res.status, res.text).toBe(200);
    }
    for (const path of ['/api/chat/messages', '/api/trpc/chat.send']) {
      const res = await server.request('POST', path, {
        cookie: alex.cookie,
        body: { receiverId: 'admin', message: 'one too many' },
      });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const rest = await send(alex.cookie, { receiverId: 'admin', message: 'one too many' });
    expect(rest.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(
        /^You're sending messages too quickly\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
      ),
    });
    const saved = (await server.request('GET', '/api/chat/messages', { cookie: alex.cookie })).body;
    expect(saved).toHaveLength(30);
    // Another person is unaffected.
    expect((await send(blair.cookie, { receiverId: 'admin', message: 'Hi' })).status).toBe(200);
  });
});
