import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, packageCreditUses, packageCredits } from '../../../db/schema/index';
import { bookableService, signInAs, useTestServer } from '../../testing/test-server';

/*
 * A pack's sessions under a race, on PostgreSQL where every request runs on its own connection at once: ten
 * bookings paid with one credit of three sessions make exactly three prepaid appointments, and the credit's
 * count, its use rows and the appointments agree.
 */

const server = useTestServer();
const HOUR = 3_600_000;
const BOOKINGS = 10;
const SESSIONS = 3;

describe('package credits under a race', () => {
  it(`${BOOKINGS} bookings at once with a pack of ${SESSIONS} sessions make exactly ${SESSIONS} prepaid appointments`, async () => {
    const customer = await signInAs(server.database, 'customer');
    const employee = await signInAs(server.database, 'employee');
    const serviceId = await bookableService(
      server.db,
      employee.user.id,
      { name: 'Race massage', price: '80.00', duration: 30 },
      { startTime: '08:00', endTime: '20:00' },
    );
    const [credit] = await server.db
      .insert(packageCredits)
      .values({
        customerId: customer.user.id,
        name: 'Race pack',
        serviceIds: [serviceId],
        sessions: SESSIONS,
        remaining: SESSIONS,
        expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
      })
      .returning({ id: packageCredits.id });
    // Ten different times three days ahead, so that only the credit is shared between the bookings.
    const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    const times = Array.from({ length: BOOKINGS }, (_, i) => `${day}T${String(9 + i).padStart(2, '0')}:00:00.000Z`);

    const answers = await Promise.all(
      times.map((dateTime) =>
        server.request('POST', '/api/appointments', {
          cookie: customer.cookie,
          body: { serviceId, employeeId: employee.user.id, dateTime, creditId: credit!.id },
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(SESSIONS);
    expect(new Set(lost.map((a) => `${a.status} ${a.body.message}`))).toEqual(
      new Set(['409 This package has no sessions left.']),
    );
    for (const a of won) expect(a.body).toMatchObject({ paymentStatus: 'prepaid', amountDue: '0.00' });

    const [row] = await server.db
      .select({ remaining: packageCredits.remaining })
      .from(packageCredits)
      .where(eq(packageCredits.id, credit!.id));
    expect(row!.remaining).toBe(0);
    const [uses] = await server.db
      .select({ n: sql<number>`count(*)::integer` })
      .from(packageCreditUses)
      .where(and(eq(packageCreditUses.creditId, credit!.id), isNull(packageCreditUses.returnedAt)));
    expect(uses!.n).toBe(SESSIONS);
    const booked = await server.db
      .select({ id: appointments.id, paymentStatus: appointments.paymentStatus })
      .from(appointments)
      .where(eq(appointments.customerId, customer.user.id));
    expect(booked.map((b) => b.paymentStatus)).toEqual(Array(SESSIONS).fill('prepaid'));
    expect(new Set(booked.map((b) => b.id))).toEqual(new Set(won.map((a) => a.body.id as string)));
  });
});
