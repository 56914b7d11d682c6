import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './provider';
import { PaymentProviderError, PaymentWebhookError } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Replaces the network: tests answer Stripe's API with recorded responses. */
  fetch?: typeof fetch;
}

const API_VERSION = '2025-10-29.clover';

function statusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  if (intent.status === 'succeeded') return 'paid';
  if (intent.status === 'canceled') return 'cancelled';
  return 'pending';
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    reference: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: statusOf(intent),
    userId: intent.metadata?.userId ?? null,
  };
}

// Payment outcomes by event type; every other event is acknowledged and ignored.
const outcomes: Record<string, PaymentEvent['outcome']> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  // Cancelled by us, or expired by Stripe (an unpaid intent is cancelled after its time runs out).
  'payment_intent.canceled': 'failed',
};

/** Card payments through Stripe PaymentIntents; webhooks are verified with the endpoint's signing secret. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: API_VERSION as Stripe.StripeConfig['apiVersion'],
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
  });

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError(`Card payment ${what} failed: ${message}`);
    }
  }

  return {
    id: 'stripe',
    create: ({ amountCents, currency, userId, idempotencyKey }) =>
      call('set-up', async () =>
        paymentOf(
          await stripe.paymentIntents.create(
            { amount: amountCents, currency, metadata: { userId }, automatic_payment_methods: { enabled: true } },
            idempotencyKey ? { idempotencyKey } : undefined,
          ),
        ),
      ),
    status: (reference) => call('lookup', async () => paymentOf(await stripe.paymentIntents.retrieve(reference))),
    cancel: (reference) => call('cancellation', async () => statusOf(await stripe.paymentIntents.cancel(reference))),
    refund: (reference) =>
      call('refund', async () => (await stripe.refunds.create({ payment_intent: reference }, { idempotencyKey: `refund-${reference}` })).id),
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new PaymentWebhookError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch {
        throw new PaymentWebhookError('Webhook signature verification failed');
      }
      const object = event.data.object as { object?: string; id?: string };
      const outcome = outcomes[event.type] ?? 'ignored';
      if (outcome !== 'ignored' && (object.object !== 'payment_intent' || !object.id)) throw new PaymentWebhookError('Unexpected event payload');
      return { id: event.id, type: event.type, reference: object.id ?? '', outcome };
    },
  };
}
