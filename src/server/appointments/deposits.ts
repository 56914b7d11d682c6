import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { appointments } from '../../../db/schema/index';
import { DEPOSIT_HOLD_MINUTES } from '../../shared/booking';
import { depositAmount, type Deposit } from '../../shared/catalog';
import { toCents } from '../../shared/orders';
import { enqueue } from '../jobs/enqueue';
import { depositHoldJobType } from './deposit-hold-job';
import type { Payments } from '../payments/payments';
import { providerFailure, type PaymentProvider } from '../payments/provider';

/*
 * Deposits (docs/booking.md, Deposits). A service may ask for a deposit when it is booked. With card payments
 * configured, a customer booking for themself pays it on the card provider's page: the booking holds the time for
 * DEPOSIT_HOLD_MINUTES, a `depositHold` job ends the hold, and the webhook settles it when paid or expired. A
 * series is one payment for all its occurrences (each keeps its own share, refunded on its own).
 */

// Stripe keeps a Checkout page open at least 30 minutes; the hold job expires it earlier.
const PAYMENT_PAGE_MINUTES = 30;

type HostedProvider = PaymentProvider & Required<Pick<PaymentProvider, 'createHostedPayment'>>;

/** What a booking asks to be paid, and whether it is paid online now or at the appointment. */
export interface DepositPlan {
  /** Per occurrence, a decimal string ("0.00" for none). */
  amountDue: string;
  /** The card provider that takes it now; none when it is paid at the appointment (or nothing is due). */
  provider: HostedProvider | null;
}

/**
 * The deposit of one booking. It is taken online when card payments are configured, the customer books for
 * themself (staff booking for someone cannot pay for them) and the whole payment reaches the provider's smallest
 * charge; otherwise it is paid at the appointment.
 */
export function planDeposit(
  service: { price: string; deposit: Deposit },
  opts: { payments: Payments; currency: string; occurrences: number; forThemself: boolean },
): DepositPlan {
  const amountDue = depositAmount(service.deposit, service.price);
  const cents = toCents(amountDue) * opts.occurrences;
  const provider = opts.payments.byId('stripe');
  const minimum = provider?.minimumAmount?.(opts.currency) ?? 1;
  const online = cents > 0 && opts.forThemself && !!provider?.createHostedPayment && cents >= minimum;
  return { amountDue, provider: online ? (provider as HostedProvider) : null };
}

/** Opens the card provider's page for a booking's deposit (all occurrences of a series together). */
export async function openDepositPayment(
  provider: HostedProvider,
  booking: {
    firstId: string;
    userId: string;
    email: string;
    serviceName: string;
    occurrences: number;
    amountDue: string;
  },
  env: { currency: string; publicUrl: string; now: Date },
) {
  const count = booking.occurrences;
  return provider
    .createHostedPayment({
      paidFor: { appointmentId: booking.firstId },
      amountCents: toCents(booking.amountDue) * count,
      currency: env.currency.toLowerCase(),
      userId: booking.userId,
      email: booking.email,
      title: `Deposit: ${booking.serviceName}`,
      description: count > 1 ? `${count} appointments, ${booking.amountDue} each` : '',
      successUrl: `${env.publicUrl}/profile?payment=success`,
      cancelUrl: `${env.publicUrl}/profile?payment=cancelled`,
      expiresAt: new Date(env.now.getTime() + PAYMENT_PAGE_MINUTES * 60_000),
      idempotencyKey: `appointment-${booking.firstId}`,
    })
    .catch(providerFailure);
}

/** Queues the end of the hold, in the booking's transaction. */
export function holdForDeposit(tx: Tx, provider: string, reference: string, now: Date): Promise<string> {
  return enqueue(
    tx,
    depositHoldJobType,
    { provider, reference },
    { runAt: new Date(now.getTime() + DEPOSIT_HOLD_MINUTES * 60_000), uniqueKey: `deposit-hold:${reference}` },
  );
}

/**
 * Gives one appointment's paid deposit back through its provider and records it, in the caller's transaction. The
 * key makes a retry give nothing twice; a series' payment gives back only this occurrence's share.
 */
export async function refundDeposit(
  tx: Tx,
  payments: Payments,
  row: { id: string; amountDue: string; paymentProvider: string | null; paymentReference: string | null },
) {
  const provider = row.paymentProvider ? payments.byId(row.paymentProvider) : undefined;
  if (!provider || !row.paymentReference) throw new Error(`Appointment ${row.id} has no card payment to refund`);
  await provider
    .refund(row.paymentReference, {
      amountCents: toCents(row.amountDue),
      idempotencyKey: `appointment-refund-${row.id}`,
    })
    .catch(providerFailure);
  await tx
    .update(appointments)
    .set({ paymentStatus: 'refunded', updatedAt: new Date() })
    .where(eq(appointments.id, row.id));
}
