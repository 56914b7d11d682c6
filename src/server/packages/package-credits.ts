import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, statement, type Tx } from '../../../db/client';
import { sqlState } from '../../../db/errors';
import { packageCreditUses, packageCredits, packagePurchases } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import type { PackageCredit } from '../../shared/package-schema';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';
import type { Actor } from '../auth/sessions';
import { publish } from '../events/publish';

/*
 * Package credits (docs/packages.md): written when the order that bought a pack is paid, once per order; spent by
 * bookings with one conditional update of the credit in the booking's own transaction, each session recorded
 * against its appointment, so a cancellation within the notice gives exactly that session back.
 */

const CREDIT_NOT_FOUND = 'Package credit not found';
const CREDIT_EXPIRED = 'This package has expired.';
const NOT_NULL_VIOLATION = '23502';

const creditColumns = {
  id: packageCredits.id,
  packageId: packageCredits.packageId,
  name: packageCredits.name,
  serviceIds: packageCredits.serviceIds,
  sessions: packageCredits.sessions,
  remaining: packageCredits.remaining,
  expiresAt: packageCredits.expiresAt,
  orderId: packageCredits.orderId,
  createdAt: packageCredits.createdAt,
};

type CreditRow = Omit<PackageCredit, 'expiresAt' | 'createdAt'> & { expiresAt: Date; createdAt: Date };

const answerCredit = (row: CreditRow): PackageCredit => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Writes the credit an order bought, in the transaction that marks the order paid: a card payment settled, or
 * staff recording the payment. The order's unique key on the credit makes a second call (a redelivered webhook)
 * write nothing. Orders that bought no pack are left alone. Emits package.purchased.
 */
export async function creditPaidPackage(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  const [made] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into ${packageCredits} (package_id, customer_id, order_id, name, service_ids, sessions, remaining, expires_at)
      select p.package_id, p.customer_id, p.order_id, p.name, p.service_ids, p.sessions, p.sessions,
             ${now.toISOString()}::timestamptz + make_interval(days => p.valid_days)
        from ${packagePurchases} p
       where p.order_id = ${orderId}::uuid
      on conflict (order_id) do nothing
      returning id`),
  );
  if (!made) return;
  await publish(tx, {
    type: 'package.purchased',
    data: async () => {
      const [row] = await tx.select(creditColumns).from(packageCredits).where(eq(packageCredits.id, made.id));
      return answerCredit(row!);
    },
  });
}

/** The caller's credits, usable ones first (soonest to expire), then spent or expired ones, newest first. */
export async function listCredits(db: Tx, actor: Actor, now = new Date()): Promise<PackageCredit[]> {
  const rows = await db
    .select(creditColumns)
    .from(packageCredits)
    .where(eq(packageCredits.customerId, actor.id))
    .orderBy(
      sql`(${packageCredits.remaining} > 0 and ${packageCredits.expiresAt} > ${now.toISOString()}::timestamptz) desc`,
      asc(packageCredits.expiresAt),
      desc(packageCredits.createdAt),
    );
  return rows.map(answerCredit);
}

// ---------------------------------------------------------------------------------------------------------
// Spending and returning sessions (the booking and cancelling transactions call these)

/**
 * Says why a credit cannot pay for a booking now, before anything is written: not the customer's (404), not for
 * this service or expired (400), fewer sessions left than occurrences (409). The booking's own statement
 * (spendCreditSessions) decides under concurrency.
 */
export async function checkCreditForBooking(
  db: Tx,
  booking: { creditId: string; customerId: string; serviceId: string; occurrences: number; now: Date },
): Promise<void> {
  const [credit] = isUuid(booking.creditId)
    ? await db
        .select(creditColumns)
        .from(packageCredits)
        .where(and(eq(packageCredits.id, booking.creditId), eq(packageCredits.customerId, booking.customerId)))
    : [];
  if (!credit) throw new AppError('NOT_FOUND', CREDIT_NOT_FOUND);
  if (!credit.serviceIds.includes(booking.serviceId))
    throw new AppError('BAD_REQUEST', 'This package does not cover this service.');
  if (credit.expiresAt <= booking.now) throw new AppError('BAD_REQUEST', CREDIT_EXPIRED);
  if (credit.remaining < booking.occurrences) throw noSessionsLeft(credit.remaining);
}

const noSessionsLeft = (remaining: number) =>
  new AppError(
    'CONFLICT',
    remaining === 0
      ? 'This package has no sessions left.'
      : sentence('This package has only {count, plural, one {# session} other {# sessions}} left.', {
          count: remaining,
        }),
  );

/**
 * Spends one session per appointment, in the booking's transaction, as one statement: the credit's conditional
 * decrement (the row lock makes concurrent bookings take turns, each re-reading what is left) and a use row per
 * appointment. When the credit no longer has the sessions (or expired meanwhile) the decrement updates nothing,
 * the use rows get no credit and the NOT NULL check fails in the database, which rolls the booking back: a
 * booking sent in one trip decides nothing between its statements. The failure is said as 409.
 */
export function spendCreditSessions(
  tx: Tx,
  use: { creditId: string; customerId: string; serviceId: string; appointmentIds: string[]; now: Date },
): Promise<unknown> {
  // Started at once (a statement, not an async chain): a booking sent in one trip carries it before its COMMIT.
  return spendSessions(tx, {
    creditId: use.creditId,
    customerId: use.customerId,
    serviceId: use.serviceId,
    count: use.appointmentIds.length,
    now: use.now.toISOString(),
    appointmentIds: `{${use.appointmentIds.join(',')}}`,
  }).catch((error: unknown) => {
    if (sqlState(error) === NOT_NULL_VIOLATION) throw noSessionsLeft(0);
    throw error;
  });
}

const spendSessions = statement<
  { creditId: string; customerId: string; serviceId: string; count: number; now: string; appointmentIds: string },
  unknown
>(
  sql`with spent as (
      update ${packageCredits} set remaining = remaining - ${sql.placeholder('count')}::integer, updated_at = now()
       where id = ${sql.placeholder('creditId')}::uuid and customer_id = ${sql.placeholder('customerId')}::uuid
         and remaining >= ${sql.placeholder('count')}::integer
         and expires_at > ${sql.placeholder('now')}::timestamptz
         and ${sql.placeholder('serviceId')}::uuid = any(service_ids)
      returning id)
    insert into ${packageCreditUses} (credit_id, appointment_id)
    select (select id from spent), a from unnest(${sql.placeholder('appointmentIds')}::uuid[]) as a`,
);

/**
 * Gives an appointment's session back to its credit (a cancellation within the notice), once: the use row is
 * marked returned and the credit counts it again, in the cancelling transaction. Nothing for an appointment
 * that used no session. Reopening the appointment spends it again (spendReturnedSession).
 */
export async function returnCreditSession(tx: Tx, appointmentId: string): Promise<void> {
  await tx.execute(sql`
    with returned as (
      update ${packageCreditUses} set returned_at = now()
       where appointment_id = ${appointmentId}::uuid and returned_at is null
      returning credit_id)
    update ${packageCredits} c set remaining = c.remaining + 1, updated_at = now()
      from returned r where c.id = r.credit_id`);
}

/**
 * Spends again the session a cancellation gave back, when staff reopen the appointment, in the reopening
 * transaction: otherwise every cancel-and-reopen would make one more prepaid appointment from the same pack. The
 * use row is taken first, as returnCreditSession takes it, so two reopenings at once spend once; the credit's
 * conditional decrement is the booking's (its row lock makes concurrent bookings take turns). When the credit has
 * expired or has nothing left the answer says so as a booking's would, and the caller's transaction rolls back
 * the use row with everything else. Nothing for an appointment whose session was kept (a late cancellation) or
 * that used none.
 */
export async function spendReturnedSession(tx: Tx, appointmentId: string, now: Date): Promise<void> {
  const [reopened] = rowsOf<{ spent: boolean; expired: boolean }>(
    await tx.execute(sql`
      with reopened as (
        update ${packageCreditUses} set returned_at = null
         where appointment_id = ${appointmentId}::uuid and returned_at is not null
        returning credit_id),
      spent as (
        update ${packageCredits} c set remaining = c.remaining - 1, updated_at = now()
          from reopened r
         where c.id = r.credit_id and c.remaining >= 1 and c.expires_at > ${now.toISOString()}::timestamptz
        returning c.id)
      select exists (select 1 from spent) as spent, c.expires_at <= ${now.toISOString()}::timestamptz as expired
        from reopened r join ${packageCredits} c on c.id = r.credit_id`),
  );
  if (!reopened || reopened.spent) return;
  throw reopened.expired ? new AppError('BAD_REQUEST', CREDIT_EXPIRED) : noSessionsLeft(0);
}
