import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, serviceProviders, services, users } from '../../../db/schema/index';
import { addCalendarDays } from '../../shared/date-key';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { createJobRunner } from '../jobs/runner';
import { bookableService, queuedMail, signInAs, useTestServer } from '../../testing/test-server';
import { classFullMail } from './class-full-mail';

/*
 * A subscriber of `appointment.created`: the booking that takes a class's last seat tells its employee, once, in
 * the employee's language.
 */

const server = useTestServer();
const TZ = 'Europe/Madrid';

let employee: { id: string; email: string };
let customers: string[];
let day: string;

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(day, h! * 60 + m!, TZ).toISOString();
};
const book = async (cookie: string, serviceId: string, dateTime: string) => {
  const res = await server.request('POST', '/api/appointments', {
    cookie,
    body: { serviceId, dateTime, employeeId: employee.id },
  });
  expect(res.status, res.text).toBe(200);
};
// Every classFullMail job queued so far has run (the app's own runner runs them).
const subscribersDone = () =>
  expect
    .poll(async () =>
      (await server.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'classFullMail'))).every(
        (job) => job.status === 'done',
      ),
    )
    .toBe(true);
const classFullMails = async () =>
  (await queuedMail(server.db, employee.email)).filter((mail) => /^(Class full|Clase completa)/.test(mail.subject));

beforeAll(async () => {
  const admin = (await signInAs(server.database, 'admin')).cookie;
  await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Studio', timezone: TZ },
  });
  const signedIn = await signInAs(server.database, 'employee', { firstName: 'Marta' });
  employee = { id: signedIn.user.id, email: signedIn.user.email };
  customers = await Promise.all([1, 2, 3].map(async () => (await signInAs(server.database, 'customer')).cookie));
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

describe('the employee is told when a class fills', () => {
  it('mails once when the last seat goes, and not before', async () => {
    const yoga = await bookableService(
      server.db,
      employee.id,
      { name: 'Pair yoga', price: '10.00', duration: 60, capacity: 2 },
      { startTime: '09:00', endTime: '13:00' },
    );
    await book(customers[0]!, yoga, at('10:00'));
    await subscribersDone();
    expect(await classFullMails()).toEqual([]);

    await book(customers[1]!, yoga, at('10:00'));
    await subscribersDone();
    const [mail, ...more] = await classFullMails();
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Class full: Pair yoga on /);
    expect(mail!.text).toContain('Hello Marta,');
    expect(mail!.text).toContain('is full: all 2 seats are taken.');
    expect(mail!.text).toContain('/employee');

    // At least once, exactly one effect: the same event handed to the subscriber again queues no second mail.
    const [done] = await server.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, 'classFullMail'), eq(jobs.status, 'done')))
      .orderBy(jobs.createdAt)
      .offset(1);
    const runner = createJobRunner({
      database: server.database,
      log: { info() {}, warn() {}, error() {} },
      jobs: [classFullMail.with({ env: server.env })],
    });
    await server.db.insert(jobs).values({ kind: 'classFullMail', payload: done!.payload });
    await runner.runDue();
    await subscribersDone();
    expect(await classFullMails()).toHaveLength(1);
  });

  it('writes in the employee’s language', async () => {
    await server.db.update(users).set({ locale: 'es' }).where(eq(users.id, employee.id));
    const [duo] = await server.db
      .insert(services)
      .values({ name: 'Dúo', price: '10.00', duration: 30, capacity: 2 })
      .returning({ id: services.id });
    await server.db.insert(serviceProviders).values({ serviceId: duo!.id, employeeId: employee.id });
    const before = (await classFullMails()).length;
    await book(customers[1]!, duo!.id, at('12:00'));
    await book(customers[2]!, duo!.id, at('12:00'));
    await subscribersDone();
    const mails = await classFullMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/^Clase completa: Dúo el /);
    expect(mails.at(-1)!.text).toContain('las 2 plazas están ocupadas');
  });
});
