import type { PaymentProviderId } from '../../shared/orders-schema';
import { AppError } from '../app-error';

/** What a provider knows about one payment. */
export type ProviderPaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export interface ProviderPayment {
  /** The provider's id for the payment (a Stripe PaymentIntent id, or a manual reference). */
  reference: string;
  /** Handed to the browser for providers that collect card details there. */
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: ProviderPaymentStatus;
  /** The user the payment was created for, when the provider keeps it. */
  userId: string | null;
  /** The provider's own page where the customer pays, while the payment can still be made there. */
  url?: string | null;
}

/** A verified provider event about one payment. */
export interface PaymentEvent {
  /** Unique per event: the same event delivered twice is applied once. */
  id: string;
  type: string;
  reference: string;
  /** paid: money taken; failed: the attempt failed for good or the payment expired. */
  outcome: 'paid' | 'failed' | 'ignored';
}

interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  userId: string;
  /** The same key gives the same payment: a retried request never charges twice. */
  idempotencyKey?: string;
}

interface RefundOptions {
  /** Part of the payment, in the minor unit; the whole (or what is left of it) when left out. */
  amountCents?: number;
  /** The same key gives the same refund: a retried request never gives money back twice. */
  idempotencyKey?: string;
}

/** A payment the customer makes on the provider's own page (Stripe Checkout), for one order or booking. */
interface HostedPaymentInput {
  /** What is paid for: the page's client reference and the payment's metadata name it. */
  paidFor: { orderId: string } | { appointmentId: string };
  amountCents: number;
  currency: string;
  userId: string;
  /** Filled in on the page for the customer. */
  email: string;
  /** What the page says is being paid for, e.g. "Order #1a2b3c4d" and its lines. */
  title: string;
  description: string;
  /** Where the page sends the customer back after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** After this the page no longer takes the payment, and the provider reports it as failed. */
  expiresAt: Date;
  /** The same key gives the same page: a retried request never opens a second one. */
  idempotencyKey: string;
}

/**
 * One interface for every way to take money. The order is the source of truth; a provider only creates,
 * reads, cancels and refunds its payments and turns its webhooks into verified events.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** Opens a payment on the provider's own page; providers without one leave this out. */
  createHostedPayment?(input: HostedPaymentInput): Promise<ProviderPayment & { url: string }>;
  /** The smallest amount the provider accepts in a currency, in its minor unit, when it has one. */
  minimumAmount?(currency: string): number | undefined;
  status(reference: string): Promise<ProviderPayment>;
  cancel(reference: string): Promise<ProviderPaymentStatus>;
  /** Refunds a taken payment, in full or the part asked for; returns the provider's refund id. */
  refund(reference: string, options?: RefundOptions): Promise<string>;
  /** Verifies and reads a webhook delivery; throws PaymentWebhookError when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

export class PaymentWebhookError extends Error {
  override name = 'PaymentWebhookError';
}

/** The provider could not be reached or refused the call; people are told to try again. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** A provider call that failed, as the answer people get: try again in a moment (503). */
export function providerFailure(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The card payment service could not be reached. Please try again in a moment.',
    );
  }
  throw error;
}
