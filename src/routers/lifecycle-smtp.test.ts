import { afterAll, beforeAll, expect, it } from 'vitest';
import { reminderJob } from '../server/appointments/reminders';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { startSmtpReceiver } from '../testing/smtp-receiver';
import { bookableService, signInAs, startTestServer, type TestServer } from '../testing/test-server';

/*
 * The reminder and "A time opened up" mail as a person receives it: the app sends through a real SMTP
 * server (SMTP_URL), and the test reads what arrived there — subject, text and the .ics.
 */

const TZ = 'America/New_York';
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
let admin: string;
let customer: Awaited<ReturnType<typeof signInAs>>;
let employeeId: string;
let serviceId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Glow <hello@glow.example>' } });
  admin = (await signInAs(server.database, 'admin')).cookie;
  await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Glow', timezone: TZ },
  });
  customer = await signInAs(server.database, 'customer', { firstName: 'Wren' });
  employeeId = (await signInAs(server.database, 'employee', { firstName: 'Ivo', lastName: 'Hart' })).user.id;
  serviceId = await bookableService(
    server.db,
    employeeId,
    { name: 'Hot Stone Massage', price: '90.00', duration: 60 },
    { startTime: '09:00', endTime: '11:00' },
  );
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const day = (offset: number) => addCalendarDays(toZoned(new Date(), TZ).date, offset);
const book = (cookie: string, date: string, hour: number) =>
  server.request('POST', '/api/appointments', {
    cookie,
    body: { serviceId, employeeId, dateTime: zonedToInstant(date, hour * 60, TZ).toISOString() },
  });
async function arrived(to: string, subject: string) {
  await expect
    .poll(() => smtp.received.filter((m) => m.to.includes(to) && m.subject.includes(subject)).length, {
      timeout: 10_000,
    })
    .toBe(1);
  return smtp.received.find((m) => m.to.includes(to) && m.subject.includes(subject))!;
}

it('a reminder arrives over SMTP with the service, employee, business-zone time, /profile link and .ics', async () => {
  const date = day(4);
  const booked = await book(customer.cookie, date, 10);
  expect(booked.status, booked.text).toBe(200);
  // The job as the runner calls it at start − 2 hours.
  await reminderJob({ database: server.database, publicUrl: 'http://localhost:3000' }).run(
    { appointmentId: booked.body.id, offsetMinutes: 120 },
    { id: 'reminder', attempts: 1 },
  );
  const mail = await arrived(customer.user.email, 'Reminder');
  expect(mail.subject).toBe(`Reminder: Hot Stone Massage on ${date} at 10:00 (${TZ})`);
  expect(mail.raw).toMatch(/^From: Glow <hello@glow\.example>$/m);
  expect(mail.text).toContain('Hello Wren,');
  expect(mail.text).toContain('Hot Stone Massage with Ivo Hart');
  expect(mail.text).toContain(`When: ${date} at 10:00 (${TZ})`);
  expect(mail.text).toContain('http://localhost:3000/profile');
  const ics = Object.values(mail.attachments).find((a) => a.contentType.startsWith('text/calendar'));
  expect(ics?.content).toContain('BEGIN:VEVENT');
  expect(ics?.content).toContain(`UID:appointment-${booked.body.id}@localhost`);
  // 10:00 in New York is 15:00 UTC in winter and 14:00 in summer.
  expect(ics?.content).toContain(
    `DTSTART:${zonedToInstant(date, 600, TZ)
      .toISOString()
      .replace(/[-:]|\.\d+/g, '')}`,
  );
});

it('"A time opened up" arrives over SMTP with the service, the date and a link that books it', async () => {
  const date = day(6);
  for (const hour of [9, 10]) expect((await book(customer.cookie, date, hour)).status).toBe(200);
  const waiter = await signInAs(server.database, 'customer', { firstName: 'Tess' });
  const joined = await server.request('POST', '/api/waitlist', { cookie: waiter.cookie, body: { serviceId, date } });
  expect(joined.status, joined.text).toBe(200);
  const taken = await server.request('GET', `/api/appointments?scope=mine`, { cookie: customer.cookie });
  const first = taken.body.find(
    (a: { dateTime: string }) => a.dateTime === zonedToInstant(date, 540, TZ).toISOString(),
  );
  expect(
    (await server.request('POST', `/api/appointments/${first.id}/cancel`, { cookie: customer.cookie })).status,
  ).toBe(200);
  const mail = await arrived(waiter.user.email, 'A time opened up');
  expect(mail.subject).toBe(`A time opened up: Hot Stone Massage on ${date}`);
  expect(mail.text).toContain('Hello Tess,');
  expect(mail.text).toContain(`A time opened up for Hot Stone Massage on ${date}`);
  const [location] = (await server.request('GET', '/api/locations')).body;
  expect(mail.text).toContain(
    `http://localhost:3000/booking?service=${serviceId}&location=${location.id}&date=${date}`,
  );
});
