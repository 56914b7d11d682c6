import type { PaymentProviderId } from '../../shared/orders-schema';

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

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  userId: string;
  /** The same key gives the same payment: a retried request never charges twice. */
  idempotencyKey?: string;
}

/**
 * One interface for every way to take money. The order is the source of truth; a provider only creates,
 * reads, cancels and refunds its payments and turns its webhooks into verified events.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  status(reference: string): Promise<ProviderPayment>;
  cancel(reference: string): Promise<ProviderPaymentStatus>;
  /** Refunds a taken payment in full; returns the provider's refund id. */
  refund(reference: string): Promise<string>;
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
