import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, chatMessages, orders, sessions, users, waitlistEntries } from '../../db/schema/index';
import { signInWithOidc } from '../server/auth/oidc-sign-in';
import { bookableService, queuedMail, signInAs, useTestServer } from '../testing/test-server';

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
    const notAnOption = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      body: { serviceId, dateTime: first, answers: { [questions[0]!.id]: 'Nuts', [questions[1]!.id]: 'Purple' } },
    });
    expect(notAnOption.status).toBe(400);
    const spanish = await server.request('POST', '/api/appointments', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
      body: { serviceId, dateTime: first, answers: { [questions[1]!.id]: 'Dry' } },
    });
    expect(spanish.body.message).toBe('Responde a «Any allergies?».');

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
    await server.db.insert(orders).values({ userId: person.user.id, total: '20.00', status: 'completed' });
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
    expect(res.body.orders).toEqual([expect.objectContaining({ total: '20.00', items: [] })]);
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
    // The employee is told of the cancellation.
    expect((await queuedMail(server.db, employee.user.email)).length).toBe(mailsBefore + 1);
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
});
