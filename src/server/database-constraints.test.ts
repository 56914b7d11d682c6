import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../db/errors';
import { createTestDatabase } from '../testing/test-server';
import type { Database } from '../../db/client';
import * as s from '../../db/schema/index';

let database: Database;
let employeeA: string;
let employeeB: string;
let customer: string;
let serviceId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const people = await database.db
    .insert(s.users)
    .values([
      { email: 'a@staff.test', role: 'employee' },
      { email: 'b@staff.test', role: 'employee' },
      { email: 'c@customer.test' },
    ])
    .returning({ id: s.users.id });
  [employeeA, employeeB, customer] = people.map((p) => p.id) as [string, string, string];
  const [service] = await database.db
    .insert(s.services)
    .values({ name: 'Massage', price: '50.00' })
    .returning({ id: s.services.id });
  serviceId = service!.id;
});
afterAll(() => database.close());

/** The SQLSTATE the database answers a statement with, or 'ok'. */
async function outcome(statement: Promise<unknown>) {
  try {
    await statement;
    return 'ok';
  } catch (error) {
    return sqlState(error) ?? String(error);
  }
}

const at = (iso: string, minutes: number) => ({
  startsAt: new Date(iso),
  endsAt: new Date(new Date(iso).getTime() + minutes * 60000),
  duration: minutes,
});
const book = (
  employeeId: string,
  iso: string,
  minutes = 60,
  status: 'pending' | 'confirmed' | 'cancelled' | 'completed' = 'pending',
) =>
  database.db
    .insert(s.appointments)
    .values({ serviceId, employeeId, customerId: customer, status, ...at(iso, minutes) })
    .returning({ id: s.appointments.id });

describe('appointments never overlap for one employee (exclusion constraint)', () => {
  it('rejects an overlapping live appointment for the same employee', async () => {
    expect(await outcome(book(employeeA, '2030-01-07T10:00:00Z'))).toBe('ok');
    expect(await outcome(book(employeeA, '2030-01-07T10:30:00Z'))).toBe('23P01');
    expect(await outcome(book(employeeA, '2030-01-07T09:30:00Z', 60, 'confirmed'))).toBe('23P01');
  });

  it('allows back-to-back appointments (ranges are half-open)', async () => {
    expect(await outcome(book(employeeA, '2030-01-07T11:00:00Z'))).toBe('ok');
    expect(await outcome(book(employeeA, '2030-01-07T09:00:00Z'))).toBe('ok');
  });

  it('allows the same time for two employees', async () => {
    expect(await outcome(book(employeeB, '2030-01-07T10:00:00Z'))).toBe('ok');
  });

  it('frees the time once an appointment is cancelled', async () => {
    const [first] = await book(employeeB, '2030-01-08T10:00:00Z');
    expect(await outcome(book(employeeB, '2030-01-08T10:00:00Z'))).toBe('23P01');
    await database.db.update(s.appointments).set({ status: 'cancelled' }).where(eq(s.appointments.id, first!.id));
    expect(await outcome(book(employeeB, '2030-01-08T10:00:00Z'))).toBe('ok');
  });

  it('ignores completed and cancelled appointments', async () => {
    expect(await outcome(book(employeeB, '2030-01-09T10:00:00Z', 60, 'completed'))).toBe('ok');
    expect(await outcome(book(employeeB, '2030-01-09T10:00:00Z', 60, 'cancelled'))).toBe('ok');
    expect(await outcome(book(employeeB, '2030-01-09T10:00:00Z', 60, 'confirmed'))).toBe('ok');
  });

  it('refuses to re-activate a cancelled appointment into a taken slot', async () => {
    const [cancelled] = await book(employeeB, '2030-01-10T10:00:00Z', 60, 'cancelled');
    await book(employeeB, '2030-01-10T10:15:00Z');
    expect(
      await outcome(
        database.db.update(s.appointments).set({ status: 'pending' }).where(eq(s.appointments.id, cancelled!.id)),
      ),
    ).toBe('23P01');
  });

  it('rejects non-positive durations and times that end before they start', async () => {
    expect(
      await outcome(
        database.db.insert(s.appointments).values({
          employeeId: employeeA,
          customerId: customer,
          startsAt: new Date('2030-02-01T10:00:00Z'),
          endsAt: new Date('2030-02-01T10:00:00Z'),
          duration: 0,
        }),
      ),
    ).toBe('23514');
  });
});

describe('other rules the database enforces', () => {
  it('keeps e-mail addresses unique regardless of case', async () => {
    expect(await outcome(database.db.insert(s.users).values({ email: 'A@Staff.Test' }))).toBe('23505');
  });

  it('never lets inventory go negative', async () => {
    const [product] = await database.db
      .insert(s.products)
      .values({ name: 'Candle', price: '9.99', inventory: 2 })
      .returning({ id: s.products.id });
    expect(
      await outcome(
        database.db
          .update(s.products)
          .set({ inventory: sql`${s.products.inventory} - 3` })
          .where(eq(s.products.id, product!.id)),
      ),
    ).toBe('23514');
    expect(await outcome(database.db.insert(s.products).values({ name: 'Bad', price: '1.00', inventory: -1 }))).toBe(
      '23514',
    );
  });

  it('stores money as exact decimals with two places', async () => {
    const [product] = await database.db
      .insert(s.products)
      .values({ name: 'Exact', price: '0.10' })
      .returning({ price: s.products.price });
    expect(product!.price).toBe('0.10');
    const [line] = await database.db
      .insert(s.products)
      .values({ name: 'Three dimes', price: sql`0.10::numeric(10,2) * 3` })
      .returning({ price: s.products.price });
    expect(line!.price).toBe('0.30');
    expect(await outcome(database.db.insert(s.products).values({ name: 'Negative', price: '-1.00' }))).toBe('23514');
  });

  it('rejects unknown status values and non-positive service durations', async () => {
    expect(await outcome(database.db.execute(sql`update appointments set status = 'lost'`))).toBe('22P02');
    expect(await outcome(database.db.insert(s.services).values({ name: 'Zero', price: '1.00', duration: 0 }))).toBe(
      '23514',
    );
  });

  it('keeps a single settings row', async () => {
    await database.db.insert(s.businessSettings).values({ id: 1, businessName: 'One' });
    expect(await outcome(database.db.insert(s.businessSettings).values({ id: 2, businessName: 'Two' }))).toBe('23514');
  });

  it('allows one pending application per e-mail', async () => {
    const application = {
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '5551234567',
      bio: 'b',
      experience: 'e',
      specialties: 's',
    };
    expect(
      await outcome(database.db.insert(s.employeeApplications).values({ ...application, email: 'ann@x.test' })),
    ).toBe('ok');
    expect(
      await outcome(database.db.insert(s.employeeApplications).values({ ...application, email: 'ANN@x.test' })),
    ).toBe('23505');
    expect(
      await outcome(
        database.db.insert(s.employeeApplications).values({ ...application, email: 'ann@x.test', status: 'rejected' }),
      ),
    ).toBe('ok');
  });

  it('protects foreign keys', async () => {
    expect(
      await outcome(
        database.db
          .insert(s.cartItems)
          .values({ userId: customer, productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }),
      ),
    ).toBe('23503');
  });
});
