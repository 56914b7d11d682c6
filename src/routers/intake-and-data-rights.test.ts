import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  chatMessages,
  jobs,
  orders,
  products,
  sessions,
  users,
  waitlistEntries,
  webhookEvents,
} from '../../db/schema/index';
import { signInWithOidc } from '../server/auth/oidc-sign-in';
import { erasedEmail, refuseErased } from '../server/customers/erased';
import { orderNumber } from '../shared/orders';
import { bookableService, followUpsDone, queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { startWebhookReceiver } from '../testing/webhook-receiver';

// Intake questions: a service asks them, a booking answers them, and the appointment keeps the answers as asked.
// Data rights: a customer's data as JSON, and erasure by herself or by staff.
const server = useTestServer();
let admin: string;
let customer: Awaited<ReturnType<typeof signInAs>>;
let employee: Awaited<ReturnType<typeof signInAs>>;
let serviceId: string;
let questions: { id: string; label: string; kind: string; required: boolean; options?: string[] }[];

/** Sets the service's intake questions, as staff do in the service dialog. */
const setQuestions = (questions: unknown[]) =>
  server.request('PUT', `/api/services/${serviceId}`, { cookie: admin, body: { questions } });

/** The first offered start a few days ahead (any calendar day: the service is offered every day). */
async function slotTimes(count: number): Promise<string[]> {
  const times: string[] = [];
  for (let days = 3; times.length < count; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const res = await server.request('GET', `/api/appointments/slots?serviceId=${serviceId}&date=${date}`);
    expect(res.status).toBe(200);
    times.push(...res.body.map((s: { dateTime: string }) => s.dateTime).slice(0, count - times.length));
  }
  return times;
}

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  customer = await signInAs(server.database, 'customer', { firstName: 'Ana', lastName: 'Ruiz' });
  employee = await signInAs(server.database, 'employee', { permissions: ['appointments.view'] });
  serviceId = await bookableService(
    server.db,
    employee.user.id,
    { name: 'Facial', price: '60.00', duration: 60 },
    { startTime: '09:00', endTime: '17:00' },
  );
});

describe('intake questions', () => {
  it('are set on the service (ids given to new ones) and refused beyond 10 or as a choice without options', async () => {
    const res = await setQuestions([
      { label: 'Any allergies?', kind: 'text', required: true },
      { label: 'Skin type', kind: 'choice', options: ['Dry', 'Oily'], required: true },
      { label: 'I agree to the treatment', kind: 'checkbox', required: false },
    ]);
    expect(res.status).toBe(200);
    questions = res.body.questions;
    expect(questions.map((q) => [q.label, q.kind, q.required])).toEqual([
      ['Any allergies?', 'text', true],
      ['Skin type', 'choice', true],
      ['I agree to the treatment', 'checkbox', false],
    ]);
    expect(new Set(questions.map((q) => q.id)).size).toBe(3);
    expect((await server.request('GET', `/api/services/${serviceId}`)).body.questions).toEqual(questions);

    const eleven = Array.from({ length: 11 }, (_, i) => ({ label: `Q${i}`, kind: 'text' }));
    const tooMany = await setQuestions(eleven);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 10 questions');
    const bare = await setQuestions([{ label: 'Pick', kind: 'choice', options: [] }]);
    expect(bare.status).toBe(400);
  });

  it('a booking without a required answer is 400 naming the question; answered, the appointment keeps them', async () => {
    const [first] = await slotTimes(1);
    const missing = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: first, answers: { [questions[0]!.id]: 'Nuts' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please answer "Skin type".');
    // A validation error: the field is named, as a schema's refusal names it.
    expect(missing.body.issues).toEqual([
      { path: `answers.${questions[1]!.id}`, message: 'Please answer "Skin type".' },
    ]);
    const notAnOption = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: first, answers: { [questions[0]!.id]: 'Nuts', [questions[1]!.id]: 'Purple' } },
    });
    expect(notAnOption.status).toBe(400);
    expect(notAnOption.body.issues).toEqual([
      { path: `answers.${questions[1]!.id}`, message: 'The answer to "Skin type" must be one of its options.' },
    ]);
    const spanish = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: { serviceId, dateTime: first, answers: { [questions[1]!.id]: 'Dry' } },
    });
    expect(spanish.body.message).toBe('Responde a «Any allergies?».');
    expect(spanish.body.issues).toEqual([
      { path: `answers.${questions[0]!.id}`, message: 'Responde a «Any allergies?».' },
    ]);

    const booked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: {
        serviceId,
        dateTime: first,
        answers: { [questions[0]!.id]: ' Nuts ', [questions[1]!.id]: 'Dry', [questions[2]!.id]: true, other: 'x' },
      },
    });
    expect(booked.status).toBe(200);
    const expected = [
      { questionId: questions[0]!.id, label: 'Any allergies?', answer: 'Nuts' },
      { questionId: questions[1]!.id, label: 'Skin type', answer: 'Dry' },
      { questionId: questions[2]!.id, label: 'I agree to the treatment', answer: true },
    ];
    expect(booked.body.answers).toEqual(expected);

    // Editing the questions leaves past answers as they were asked.
    await setQuestions([{ id: questions[0]!.id, label: 'Allergies (all of them)', kind: 'text' }]);
    const seenByStaff = await server.request('GET', `/api/appointments/${booked.body.id}`, { cookie: admin });
    expect(seenByStaff.body.answers).toEqual(expected);
    const own = await server.request('GET', '/api/appointments', { cookie: customer.cookie });
    expect(own.body.find((a: { id: string }) => a.id === booked.body.id).answers).toEqual(expected);
    const portal = await server.request('GET', '/api/employee/appointments', { cookie: employee.cookie });
    expect(portal.status).toBe(200);
    expect(portal.body.find((a: { id: string }) => a.id === booked.body.id).answers).toEqual(expected);
    const record = await server.request('GET', `/api/admin/customers/${customer.user.id}`, { cookie: admin });
    expect(record.body.appointments[0].answers).toEqual(expected);
  });

  it('keep an unticked optional checkbox as false, refuse an unticked required one, and keep no answer not sent', async () => {
    const res = await setQuestions([
      { label: 'Photos may be taken', kind: 'checkbox', required: false },
      { label: 'I agree to the treatment', kind: 'checkbox', required: true },
    ]);
    const [photos, consent] = res.body.questions as typeof questions;
    const times = await slotTimes(12);
    const first = times[0]!;
    // The next start once the first visit (an hour) is over: the employee is busy until then.
    const second = times.find((t) => Date.parse(t) >= Date.parse(first) + 3_600_000);
    const refused = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: first, answers: { [photos!.id]: true, [consent!.id]: false } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please answer "I agree to the treatment".');

    // The booking pages send each checkbox they showed: left unticked, it is the customer's "No".
    const unticked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: first, answers: { [photos!.id]: false, [consent!.id]: true } },
    });
    expect(unticked.status).toBe(200);
    const expected = [
      { questionId: photos!.id, label: 'Photos may be taken', answer: false },
      { questionId: consent!.id, label: 'I agree to the treatment', answer: true },
    ];
    expect(unticked.body.answers).toEqual(expected);
    const seenByStaff = await server.request('GET', `/api/appointments/${unticked.body.id}`, { cookie: admin });
    expect(seenByStaff.body.answers).toEqual(expected);

    // An API caller that does not send it may not have asked it: nothing is kept for it.
    const unasked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: second, answers: { [consent!.id]: 'true' } },
    });
    expect(unasked.status).toBe(200);
    expect(unasked.body.answers).toEqual([expected[1]]);
  });

  it('are asked in Spanish where they have Spanish words, and the appointment keeps the words as asked', async () => {
    const uneven = await setQuestions([
      {
        label: 'Skin type',
        kind: 'choice',
        options: ['Dry', 'Oily'],
        translations: { es: { label: 'Tipo de piel', options: ['Seca'] } },
      },
    ]);
    expect(uneven.status).toBe(400);
    expect(uneven.body.message).toContain('as many options as the question has');

    const res = await setQuestions([
      { label: 'Any allergies?', kind: 'text', required: true, translations: { es: { label: '¿Alergias?' } } },
      {
        label: 'Skin type',
        kind: 'choice',
        options: ['Dry', 'Oily'],
        required: true,
        translations: { es: { label: 'Tipo de piel', options: ['Seca', 'Grasa'] } },
      },
      { label: 'I agree to the treatment', kind: 'checkbox', translations: { es: { label: ' ', options: [] } } },
    ]);
    expect(res.status).toBe(200);
    const asked: typeof questions = res.body.questions;
    expect(asked.map((q) => (q as { translations?: unknown }).translations)).toEqual([
      { es: { label: '¿Alergias?' } },
      { es: { label: 'Tipo de piel', options: ['Seca', 'Grasa'] } },
      undefined,
    ]);

    const [second] = await slotTimes(1);
    const missing = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: { serviceId, dateTime: second, answers: { [asked[0]!.id]: 'Nueces' } },
    });
    expect(missing.body.message).toBe('Responde a «Tipo de piel».');
    const booked = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: {
        serviceId,
        dateTime: second,
        answers: { [asked[0]!.id]: 'Nueces', [asked[1]!.id]: 'Grasa', [asked[2]!.id]: true },
      },
    });
    expect(booked.status).toBe(200);
    const expected = [
      { questionId: asked[0]!.id, label: '¿Alergias?', answer: 'Nueces' },
      { questionId: asked[1]!.id, label: 'Tipo de piel', answer: 'Grasa' },
      { questionId: asked[2]!.id, label: 'I agree to the treatment', answer: true },
    ];
    expect(booked.body.answers).toEqual(expected);
    const seenByStaff = await server.request('GET', `/api/appointments/${booked.body.id}`, { cookie: admin });
    expect(seenByStaff.body.answers).toEqual(expected);

    // An API caller may give a choice in English: it is kept in the words the booking asked it in.
    const [third] = await slotTimes(1);
    const byApi = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: { serviceId, dateTime: third, answers: { [asked[0]!.id]: 'No', [asked[1]!.id]: 'Oily' } },
    });
    expect(byApi.status).toBe(200);
    expect(byApi.body.answers[1]).toEqual({ questionId: asked[1]!.id, label: 'Tipo de piel', answer: 'Grasa' });
    const inEnglish = await server.request('GET', `/api/services/${serviceId}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.body.questions).toEqual(asked);

    // The data rights tests below book with the one question the test before left.
    await setQuestions([{ id: questions[0]!.id, label: 'Allergies (all of them)', kind: 'text' }]);
  });
});

describe('data rights', () => {
  async function customerWithHistory(firstName: string) {
    const person = await signInAs(server.database, 'customer', { firstName, lastName: 'Ruiz' });
    const [when] = await slotTimes(1);
    const booked = await server.request('POST', '/api/appointments', {
      cookie: person.cookie,
      body: { serviceId, dateTime: when, answers: { [questions[0]!.id]: 'None' } },
    });
    expect(booked.status, booked.text).toBe(200);
    await server.db
      .insert(orders)
      .values({ userId: person.user.id, total: '20.00', status: 'completed', notes: 'Leave at the desk' });
    const chat = await server.request('POST', '/api/chat/messages', {
      cookie: person.cookie,
      body: { receiverId: 'admin', message: 'Do you sell gift cards?' },
    });
    expect(chat.status, chat.text).toBe(200);
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const waiting = await server.request('POST', '/api/waitlist', {
      cookie: person.cookie,
      body: { serviceId, date: day },
    });
    expect(waiting.status, waiting.text).toBe(200);
    return { person, appointmentId: booked.body.id as string };
  }

  it('GET /api/auth/user/export answers all her data as JSON; an API key is refused', async () => {
    const { person, appointmentId } = await customerWithHistory('Lucía');
    const res = await server.request('GET', '/api/auth/user/export', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id: person.user.id, email: person.user.email, firstName: 'Lucía' });
    expect(res.body.appointments).toEqual([
      expect.objectContaining({
        id: appointmentId,
        service: 'Facial',
        answers: [expect.objectContaining({ answer: 'None' })],
      }),
    ]);
    expect(res.body.orders).toEqual([
      expect.objectContaining({ total: '20.00', notes: 'Leave at the desk', items: [] }),
    ]);
    expect(res.body.chats).toEqual([expect.objectContaining({ fromMe: true, message: 'Do you sell gift cards?' })]);
    expect(res.body.waitlist).toEqual([expect.objectContaining({ service: 'Facial' })]);
    expect((await server.request('GET', '/api/auth/user/export')).status).toBe(401);

    const key = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin,
      body: { name: 'books', permissions: ['customers.view', 'customers.edit'] },
    });
    const bearer = { authorization: `Bearer ${key.body.key}` };
    for (const [method, path] of [
      ['GET', '/api/auth/user/export'],
      ['DELETE', '/api/auth/user'],
    ] as const) {
      const refused = await server.request(method, path, {
        headers: bearer,
        ...(method === 'DELETE' && { body: { confirm: 'DELETE' } }),
      });
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, "An API key can't act as a customer."]);
    }
  });

  it('DELETE /api/auth/user erases her: future visits cancelled (staff told), chats and waitlist gone, orders kept', async () => {
    const { person, appointmentId } = await customerWithHistory('Marta');
    const unconfirmed = await server.request('DELETE', '/api/auth/user', { cookie: person.cookie, body: {} });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe('Type DELETE to confirm');

    const mailsBefore = (await queuedMail(server.db, employee.user.email)).length;
    const res = await server.request('DELETE', '/api/auth/user', {
      cookie: person.cookie,
      body: { confirm: 'DELETE' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, id: person.user.id });
    expect((await server.request('GET', '/api/auth/user', { cookie: person.cookie })).status).toBe(401);

    const [visit] = await server.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(visit).toMatchObject({ status: 'cancelled', answers: [], notes: '' });
    // The employee is told of the cancellation, naming her as erased; she is not (her address is now the erased one:
    // it could only bounce). The booking's mail to the employee, still waiting (no SMTP here), named her: withdrawn.
    const employeeMails = await queuedMail(server.db, employee.user.email);
    expect(employeeMails.length).toBe(mailsBefore);
    expect(employeeMails.at(-1)!.text).toContain('Customer: Deleted customer\n');
    // Neither the mail nor its calendar file names the erased address, which could only bounce.
    expect(JSON.stringify(employeeMails.at(-1))).not.toContain('@erased.invalid');
    expect(JSON.stringify(employeeMails)).not.toContain(person.user.email);
    expect(await queuedMail(server.db, erasedEmail(person.user.id))).toEqual([]);
    expect(await server.db.select().from(chatMessages).where(eq(chatMessages.customerId, person.user.id))).toEqual([]);
    expect(
      await server.db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, person.user.id)),
    ).toEqual([]);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    const [kept] = await server.db.select().from(orders).where(eq(orders.userId, person.user.id));
    expect(kept!.total).toBe('20.00');
    const [row] = await server.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'customer', phone: null, isActive: false });
    expect(row!.email).not.toBe(person.user.email);
    const [audit] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, person.user.id));
    expect(audit).toMatchObject({ action: 'customer.erased' });

    // The same e-mail signs up afresh: a new, empty customer.
    const again = await signInWithOidc(
      server.db,
      { issuer: 'https://id.example', subject: 'marta-2', email: person.user.email, emailVerified: true },
      { adminEmails: [] },
    );
    const cookie = `sid=${again.token}`;
    const fresh = await server.request('GET', '/api/auth/user/export', { cookie });
    expect(fresh.body.profile.id).not.toBe(person.user.id);
    expect(fresh.body.profile.email).toBe(person.user.email);
    expect([fresh.body.appointments, fresh.body.orders, fresh.body.chats, fresh.body.waitlist]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('staff erase a customer with customers.edit (POST /api/admin/customers/{id}/erase); a staff member is 404', async () => {
    const { person } = await customerWithHistory('Inés');
    const viewer = await signInAs(server.database, 'employee', { permissions: ['customers.view'] });
    const path = `/api/admin/customers/${person.user.id}/erase`;
    expect((await server.request('POST', path, { cookie: viewer.cookie })).status).toBe(403);
    const res = await server.request('POST', path, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    const record = await server.request('GET', `/api/admin/customers/${person.user.id}`, { cookie: admin });
    expect(record.body).toMatchObject({ firstName: 'Deleted', lastName: 'customer', isActive: false, notes: '' });
    expect((await server.request('POST', path, { cookie: admin })).status).toBe(404);

    // The list leaves her off, and so do its count and searches; a walk by updatedAt lists her erased, so that an
    // integrator learns of it.
    const ids = (body: { items: { id: string }[] }) => body.items.map((c) => c.id);
    const list = await server.request('GET', '/api/admin/customers', { cookie: admin });
    expect(ids(list.body)).not.toContain(person.user.id);
    expect(list.body.total).toBe(list.body.items.length);
    expect(list.body.summary.total).toBe(list.body.items.length);
    const search = await server.request('GET', '/api/admin/customers?search=Deleted', { cookie: admin });
    expect(search.body.items).toEqual([]);
    const walk = await server.request('GET', '/api/admin/customers?limit=500', { cookie: admin });
    expect(walk.body.items.find((c: { id: string }) => c.id === person.user.id)).toMatchObject({
      firstName: 'Deleted',
      lastName: 'customer',
    });
    expect(
      (await server.request('POST', `/api/admin/customers/${employee.user.id}/erase`, { cookie: admin })).status,
    ).toBe(404);
    const staffSelf = await server.request('DELETE', '/api/auth/user', {
      cookie: employee.cookie,
      body: { confirm: 'DELETE' },
    });
    expect(staffSelf.status).toBe(403);
  });

  // Her data as the probe found it after an erasure: in every kept event and audit entry about her, and in her order.
  const zoeSays = ['Zoe', 'Erasetest', 'zoe.erasetest@example.com', '600 123 456', 'ZoeTag', 'ZOE-', 'gate code'];
  const sayingHer = (text: string) => zoeSays.filter((said) => text.includes(said));

  /** A customer staff added and keep notes and tags on, booked and ordered for by staff, with notes and answers. */
  async function zoeWithHistory() {
    const added = await server.request('POST', '/api/admin/customers', {
      cookie: admin,
      body: { email: 'zoe.erasetest@example.com', firstName: 'Zoe', lastName: 'Erasetest', phone: '600 123 456' },
    });
    expect(added.status, added.text).toBe(201);
    const id: string = added.body.id;
    const noted = await server.request('PUT', `/api/admin/customers/${id}`, {
      cookie: admin,
      body: { notes: 'ZOE-NOTE prefers mornings', tags: ['ZoeTag'] },
    });
    expect(noted.status, noted.text).toBe(200);
    const [when] = await slotTimes(1);
    const booked = await server.request('POST', '/api/appointments', {
      cookie: admin,
      body: {
        serviceId,
        dateTime: when,
        customerId: id,
        customerNotes: 'ZOE-APPT-NOTE side door',
        answers: { [questions[0]!.id]: 'ZOE-ANSWER peanuts' },
      },
    });
    expect(booked.status, booked.text).toBe(200);
    const [oil] = await server.db
      .insert(products)
      .values({ name: 'Erasure oil', price: '12.50', inventory: 10 })
      .returning();
    const ordered = await server.request('POST', '/api/orders', {
      cookie: admin,
      body: { customerId: id, items: [{ productId: oil!.id, quantity: 1 }], notes: 'ZOE-ORDER-NOTE gate code 4321' },
    });
    expect(ordered.status, ordered.text).toBe(200);
    // The activity log's entries of the booking and the order are written by their follow-ups.
    await followUpsDone(server.db);
    return { id, appointmentId: booked.body.id as string, orderId: ordered.body.id as string, productId: oil!.id };
  }

  /** The kept events whose data names her id anywhere. */
  const eventsAbout = (id: string) =>
    server.db
      .select({ type: webhookEvents.type, data: webhookEvents.data })
      .from(webhookEvents)
      .where(sql`${webhookEvents.data}::text like ${`%${id}%`}`);

  it('the erasure redacts every kept event about her (a replay sends them so) and publishes only erased data', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const since = new Date().toISOString();
      const endpoint = await server.request('POST', '/api/admin/webhooks', {
        cookie: admin,
        body: {
          url: receiver.url,
          events: ['customer.created', 'appointment.created', 'appointment.cancelled', 'order.created'],
        },
      });
      expect(endpoint.status, endpoint.text).toBeLessThan(300);
      receiver.useSecret(endpoint.body.secret);
      const zoe = await zoeWithHistory();
      const before = await eventsAbout(zoe.id);
      expect(before.map((e) => e.type).sort()).toEqual(['appointment.created', 'customer.created', 'order.created']);
      // All of her but her tags, which no event carries.
      expect(sayingHer(JSON.stringify(before))).toEqual(zoeSays.filter((said) => said !== 'ZoeTag'));
      // Delivered while she was a customer: those cannot be recalled.
      await expect.poll(() => receiver.received.length, { timeout: 8000 }).toBe(3);

      const erased = await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin });
      expect(erased.status, erased.text).toBe(200);

      const after = await eventsAbout(zoe.id);
      // The three kept, and the cancellation of her future appointment the erasure published.
      expect(after.map((e) => e.type).sort()).toEqual([
        'appointment.cancelled',
        'appointment.created',
        'customer.created',
        'order.created',
      ]);
      expect(sayingHer(JSON.stringify(after))).toEqual([]);
      const erasedPerson = { firstName: 'Deleted', lastName: 'customer', email: erasedEmail(zoe.id) };
      const dataOf = (type: string) => after.find((e) => e.type === type)!.data as Record<string, unknown>;
      expect(dataOf('customer.created')).toMatchObject({ id: zoe.id, ...erasedPerson, phone: null });
      for (const type of ['appointment.created', 'appointment.cancelled'])
        expect([type, dataOf(type)]).toEqual([
          type,
          expect.objectContaining({
            id: zoe.appointmentId,
            notes: '',
            customerNotes: '',
            answers: [],
            customer: { id: zoe.id, ...erasedPerson },
          }),
        ]);
      expect(dataOf('appointment.cancelled').status).toBe('cancelled');
      expect(dataOf('order.created')).toMatchObject({
        id: zoe.orderId,
        userId: zoe.id,
        notes: null,
        customer: { id: zoe.id, ...erasedPerson },
      });
      // What the rest of the event said stays: the resource, for the books.
      expect(dataOf('order.created')).toMatchObject({
        subtotal: '12.50',
        items: [expect.objectContaining({ quantity: 1 })],
      });

      const listed = await server.request('GET', '/api/events?limit=500', { cookie: admin });
      expect(listed.status).toBe(200);
      expect(sayingHer(listed.text)).toEqual([]);

      // A replay sends what is kept now.
      await expect.poll(() => receiver.received.length, { timeout: 8000 }).toBe(4);
      const replay = await server.request('POST', `/api/admin/webhooks/${endpoint.body.id}/replay`, {
        cookie: admin,
        body: { since },
      });
      expect(replay.body.queued).toBeGreaterThanOrEqual(4);
      await expect.poll(() => receiver.received.length, { timeout: 8000 }).toBe(4 + replay.body.queued);
      const replayed = receiver.received.slice(4);
      expect(replayed.every((r) => r.error === undefined)).toBe(true);
      expect(replayed.filter((r) => JSON.stringify(r.payload).includes(zoe.id))).toHaveLength(4);
      expect(sayingHer(JSON.stringify(replayed.map((r) => r.payload)))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("the erasure redacts the audit entries about her and her things, which stay; it empties her orders' notes", async () => {
    const zoe = await zoeWithHistory();
    const entriesAbout = () =>
      server.db
        .select({
          action: auditLog.action,
          entityId: auditLog.entityId,
          summary: auditLog.summary,
          values: auditLog.summaryValues,
        })
        .from(auditLog)
        .where(sql`${auditLog.entityId} in (${zoe.id}, ${zoe.appointmentId}, ${zoe.orderId})`)
        .orderBy(auditLog.createdAt);
    // Yesterday's visit, still pending: staff settle it after the erasure.
    const [visit] = await server.db
      .insert(appointments)
      .values({
        serviceId,
        employeeId: employee.user.id,
        customerId: zoe.id,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() - 86_400_000 + 3_600_000),
        duration: 60,
        status: 'pending',
      })
      .returning({ id: appointments.id });
    const before = await entriesAbout();
    expect(before.map((e) => e.summary)).toEqual([
      'Added customer Zoe Erasetest.',
      'Updated customer Zoe Erasetest: notes; tags "" → "ZoeTag"',
      'Booked Facial for Zoe Erasetest.',
      `Placed order #${orderNumber(zoe.orderId)} for Zoe Erasetest.`,
    ]);

    expect((await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin })).status).toBe(200);
    const after = await entriesAbout();
    expect(sayingHer(JSON.stringify(after))).toEqual([]);
    const redacted = "This entry's details were erased with the customer's personal data.";
    expect(after.map((e) => [e.action, e.entityId, e.summary])).toEqual([
      ['customer.created', zoe.id, redacted],
      ['customer.updated', zoe.id, redacted],
      ['appointment.created', zoe.appointmentId, 'Booked Facial for Deleted customer.'],
      ['order.created', zoe.orderId, `Placed order #${orderNumber(zoe.orderId)} for Deleted customer.`],
      ['customer.erased', zoe.id, "Erased a customer's personal data."],
    ]);
    // Said in the reader's language from the same sentences.
    const log = await server.request('GET', '/api/admin/audit-log', {
      cookie: admin,
      headers: { 'accept-language': 'es' },
    });
    const said = log.body.items.filter((e: { entityId: string }) => [zoe.id, zoe.appointmentId].includes(e.entityId));
    expect(said.map((e: { summary: string }) => e.summary)).toEqual([
      'Borró los datos personales de un cliente.',
      'Reservó Facial para Cliente eliminado.',
      'Los detalles de esta entrada se borraron con los datos personales del cliente.',
      'Los detalles de esta entrada se borraron con los datos personales del cliente.',
    ]);
    // An entry written after the erasure names her as the redacted ones do, in each reader's language.
    const settled = await server.request('PUT', `/api/appointments/${visit!.id}/status`, {
      cookie: admin,
      body: { status: 'completed' },
    });
    expect(settled.status, settled.text).toBe(200);
    await followUpsDone(server.db);
    const settledSays = async (language: string) =>
      (
        await server.request('GET', '/api/admin/audit-log', { cookie: admin, headers: { 'accept-language': language } })
      ).body.items.find((e: { entityId: string }) => e.entityId === visit!.id)?.summary;
    expect(await settledSays('en')).toBe("Marked Deleted customer's Facial appointment as completed.");
    expect(await settledSays('es')).toBe('Marcó la cita de Facial de Cliente eliminado como completada.');

    const [order] = await server.db.select().from(orders).where(eq(orders.id, zoe.orderId));
    expect(order).toMatchObject({ notes: null, subtotal: '12.50' });
    const answered = await server.request('GET', `/api/orders/${zoe.orderId}`, { cookie: admin });
    expect(answered.body).toMatchObject({ notes: null, customer: { firstName: 'Deleted', lastName: 'customer' } });
  });

  it('an erased customer is booked and ordered for by nobody (404, nothing written) and mailed by nothing later', async () => {
    const zoe = await zoeWithHistory();
    // No SMTP here: every mail to her is still waiting.
    expect((await queuedMail(server.db, 'zoe.erasetest@example.com')).length).toBeGreaterThan(0);
    expect((await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin })).status).toBe(200);
    const record = await server.request('GET', `/api/admin/customers/${zoe.id}`, { cookie: admin });
    expect([record.status, record.body.firstName, record.body.lastName]).toEqual([200, 'Deleted', 'customer']);

    const [when] = await slotTimes(1);
    const booking = await server.request('POST', '/api/appointments', {
      cookie: admin,
      body: { serviceId, dateTime: when, customerId: zoe.id },
    });
    const order = await server.request('POST', '/api/orders', {
      cookie: admin,
      body: { customerId: zoe.id, items: [{ productId: zoe.productId, quantity: 1 }] },
    });
    for (const refused of [booking, order])
      expect([refused.status, refused.body.message]).toEqual([404, 'No such customer.']);
    expect(await server.db.select().from(appointments).where(eq(appointments.customerId, zoe.id))).toHaveLength(1);
    expect(await server.db.select().from(orders).where(eq(orders.userId, zoe.id))).toHaveLength(1);

    // Her order moves on, for the books; its mail to her is not queued, nor is anything else to the erased address.
    const moved = await server.request('PUT', `/api/orders/${zoe.orderId}/status`, {
      cookie: admin,
      body: { status: 'processing' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await queuedMail(server.db, erasedEmail(zoe.id))).toEqual([]);
    expect((await queuedMail(server.db)).filter((mail) => mail.to.endsWith('@erased.invalid'))).toEqual([]);
    // What was still waiting to go to her own address was withdrawn by the erasure, and forgotten.
    expect(await queuedMail(server.db, 'zoe.erasetest@example.com')).toEqual([]);
  });

  it('the erasure forgets the jobs about her: mails to her and finished follow-ups go, queued ones say her erased name', async () => {
    const zoe = await zoeWithHistory();
    const payloads = () =>
      server.db.select({ id: jobs.id, kind: jobs.kind, status: jobs.status, payload: jobs.payload }).from(jobs);
    const mentioning = async (...texts: string[]) =>
      (await payloads()).filter((job) => texts.some((text) => JSON.stringify(job.payload).includes(text)));
    // One mail to her went out; her booking's audit follow-up has not run yet (as if the runner were behind).
    const [sent] = await queuedMail(server.db, 'zoe.erasetest@example.com');
    await server.db
      .update(jobs)
      .set({ status: 'done', finishedAt: sql`now()` })
      .where(eq(jobs.id, sent!.id));
    const [audit] = (await mentioning(zoe.id)).filter((job) => job.kind === 'appointmentAudit');
    await server.db
      .update(jobs)
      .set({ status: 'pending', runAt: sql`now() + interval '1 day'`, finishedAt: null })
      .where(eq(jobs.id, audit!.id));
    const about = new Set((await mentioning(zoe.id, 'zoe.erasetest@example.com')).map((job) => job.id));
    const unrelated = (await payloads()).filter((job) => !about.has(job.id));
    expect(unrelated.length).toBeGreaterThan(0);
    expect((await mentioning('zoe.erasetest@example.com')).length).toBeGreaterThan(2);

    expect((await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin })).status).toBe(200);
    await followUpsDone(server.db);
    const left = await mentioning(zoe.id, 'zoe.erasetest@example.com');
    // Only follow-ups not yet run: the one held back, and those of the cancellation the erasure published.
    expect(left.filter((job) => job.status !== 'pending')).toEqual([]);
    expect(sayingHer(JSON.stringify(left))).toEqual([]);
    expect(left.find((job) => job.id === audit!.id)?.payload).toMatchObject({
      data: {
        customerId: zoe.id,
        customer: { firstName: 'Deleted', lastName: 'customer', email: erasedEmail(zoe.id) },
      },
    });
    // The jobs about anyone else stay.
    const kept = new Set((await payloads()).map((job) => job.id));
    expect(unrelated.filter((job) => !kept.has(job.id))).toEqual([]);
  });

  it('refuseErased: a write to an erased customer\'s record is 404 "No such customer."; anyone else passes', async () => {
    const zoe = await zoeWithHistory();
    await expect(server.db.transaction((tx) => refuseErased(tx, zoe.id))).resolves.toBeUndefined();
    await expect(server.db.transaction((tx) => refuseErased(tx, 'not-an-id'))).resolves.toBeUndefined();
    expect((await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin })).status).toBe(200);
    await expect(server.db.transaction((tx) => refuseErased(tx, zoe.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such customer.',
    });
  });

  it('PUT /api/admin/customers/{id} of an erased customer is 404 "No such customer." and changes nothing', async () => {
    const zoe = await zoeWithHistory();
    expect((await server.request('POST', `/api/admin/customers/${zoe.id}/erase`, { cookie: admin })).status).toBe(200);
    const [erased] = await server.db.select().from(users).where(eq(users.id, zoe.id));
    const res = await server.request('PUT', `/api/admin/customers/${zoe.id}`, {
      cookie: admin,
      body: { firstName: 'Zoe', notes: 're-added' },
    });
    expect([res.status, res.body.message]).toEqual([404, 'No such customer.']);
    expect((await server.db.select().from(users).where(eq(users.id, zoe.id)))[0]).toEqual(erased);
    // Nor is she written to, or read about, in the chat.
    const sent = await server.request('POST', '/api/chat/messages', {
      cookie: admin,
      body: { receiverId: zoe.id, message: 'Hello again' },
    });
    expect(sent.status).toBe(404);
    expect((await server.request('GET', `/api/chat/messages?with=${zoe.id}`, { cookie: admin })).status).toBe(404);
    expect(await server.db.select().from(chatMessages).where(eq(chatMessages.customerId, zoe.id))).toEqual([]);
  });
});
