import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { appointments } from '../../../db/schema/index';
import type { Appointment } from '../../shared/appointment-schema';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { depositHoldJobType, type DepositHoldJob } from './deposit-hold-job';
import type { Payments } from '../payments/payments';
import { getSettings } from '../settings/settings-service';
import { money, sentence } from '../../shared/i18n/sentence';
import { recordAudit } from '../audit/audit';
import { appointmentRow, emitAppointmentEvent, selectAppointments, toAppointment } from './appointment-rows';
import { cancelInTransaction, type BookingEnv } from './appointment-service';
import { refundDeposit } from './deposits';

/**
 * Settles the deposit of the bookings a card payment is for (one, or every occurrence of a series), in the
 * caller's transaction, under the rows' locks so that the webhook and the hold job apply it once:
 * - paid: a booking still held becomes `confirmed` and its deposit `paid`; one cancelled meanwhile (the hold ran
 *   out, or the customer cancelled) gets its share back at once;
 * - failed (expired, or given up): a booking still waiting is cancelled and its time freed.
 * Answers null when the payment is no booking's.
 */
export async function settleDeposit(
  tx: Tx,
  env: BookingEnv,
  providerId: string,
  reference: string,
  outcome: 'paid' | 'failed',
): Promise<'applied' | 'ignored' | null> {
  const rows = await selectAppointments(tx)
    .where(and(eq(appointments.paymentProvider, providerId), eq(appointments.paymentReference, reference)))
    .for('update', { of: appointments });
  if (rows.length === 0) return null;
  const waiting = rows.filter((row) => row.paymentStatus === 'unpaid');
  for (const row of waiting) {
    if (outcome === 'paid' && row.status === 'cancelled') {
      await refundDeposit(tx, env.payments, row);
      await emitAppointmentEvent(tx, 'appointment.updated', row.id);
    } else if (outcome === 'paid') {
      await tx
        .update(appointments)
        .set({
          paymentStatus: 'paid',
          status: row.status === 'pending' ? 'confirmed' : row.status,
          updatedAt: new Date(),
        })
        .where(eq(appointments.id, row.id));
      await emitAppointmentEvent(tx, 'appointment.updated', row.id);
    } else {
      await tx
        .update(appointments)
        .set({ paymentStatus: 'failed', updatedAt: new Date() })
        .where(eq(appointments.id, row.id));
      if (row.status === 'pending' || row.status === 'confirmed') await cancelInTransaction(tx, row, env);
    }
  }
  return waiting.length ? 'applied' : 'ignored';
}

/** The booking environment of work that runs outside a request (webhooks, jobs): the business's language. */
export async function backgroundBookingEnv(
  tx: Tx,
  deps: { payments: Payments; publicUrl: string },
): Promise<BookingEnv> {
  const settings = await getSettings(tx);
  return {
    settings,
    now: new Date(),
    publicUrl: deps.publicUrl,
    payments: deps.payments,
    locale: settings.defaultLocale,
  };
}

/**
 * The `depositHold` job, at the end of a booking's hold: a deposit still unpaid has its payment page expired and
 * its bookings cancelled. The provider is asked first, so a payment made a moment ago (its webhook not here yet)
 * confirms the booking instead; a page the customer completes while it is being expired is settled as paid.
 */
export function depositHoldJob(deps: {
  database: Database;
  payments: Payments;
  publicUrl: string;
}): JobHandler<DepositHoldJob> {
  return {
    async run({ provider: providerId, reference }) {
      const { db } = deps.database;
      const [waiting] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.paymentReference, reference), eq(appointments.paymentStatus, 'unpaid')))
        .limit(1);
      if (!waiting) return;
      const provider = deps.payments.byId(providerId);
      if (!provider) throw new Error(`Payment provider ${providerId} is not configured`);
      let outcome: 'paid' | 'failed' = (await provider.status(reference)).status === 'paid' ? 'paid' : 'failed';
      if (outcome === 'failed') {
        const expired = await provider.cancel(reference).catch(async () => (await provider.status(reference)).status);
        if (expired === 'paid') outcome = 'paid';
        else if (expired === 'pending') throw new Error(`The payment ${reference} could not be expired`);
      }
      await db.transaction(async (tx) =>
        settleDeposit(tx, await backgroundBookingEnv(tx, deps), providerId, reference, outcome),
      );
    },
  };
}

export const depositHoldKind = defineJob(
  depositHoldJobType.kind,
  depositHoldJobType.schema,
  (deps: { database: Database; payments: Payments; env: { publicUrl: string } }) =>
    depositHoldJob({ database: deps.database, payments: deps.payments, publicUrl: deps.env.publicUrl }),
);

/**
 * Staff give an appointment's paid deposit back by hand (e.g. after a late cancellation they waive), through the
 * provider that took it.
 */
export async function refundDepositByHand(
  db: Tx,
  actor: SessionUser,
  id: string,
  env: BookingEnv,
): Promise<Appointment> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Appointment not found');
  await db.transaction(async (tx) => {
    const [row] = await selectAppointments(tx).where(eq(appointments.id, id)).for('update', { of: appointments });
    if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
    if (row.paymentStatus === 'refunded') throw new AppError('CONFLICT', 'This deposit has already been refunded.');
    if (row.paymentStatus !== 'paid') throw new AppError('CONFLICT', 'Only a deposit paid by card can be refunded.');
    await refundDeposit(tx, env.payments, row);
    const deposit = money(row.amountDue, env.settings.currency);
    await recordAudit(tx, actor, {
      action: 'appointment.deposit_refunded',
      entity: 'appointment',
      entityId: row.id,
      summary: row.service
        ? sentence('Refunded the {amount} deposit of {service}.', { amount: deposit, service: row.service.name })
        : sentence('Refunded the {amount} deposit of an appointment.', { amount: deposit }),
    });
    await emitAppointmentEvent(tx, 'appointment.updated', row.id);
  });
  return toAppointment((await appointmentRow(db, id))!);
}
