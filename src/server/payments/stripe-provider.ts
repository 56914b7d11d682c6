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

function sessionStatusOf(session: Stripe.Checkout.Session): ProviderPaymentStatus {
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'paid';
  return 'pending';
}

function sessionPaymentOf(session: Stripe.Checkout.Session): ProviderPayment {
  return {
    reference: session.id,
    clientSecret: '',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    status: sessionStatusOf(session),
    userId: session.metadata?.userId ?? null,
    url: session.status === 'open' ? session.url : null,
  };
}

/** Orders paid on Stripe's hosted page keep the Checkout Session as their reference; the API's own payments a PaymentIntent. */
const isSession = (reference: string) => reference.startsWith('cs_');

type EventObject = { object?: string; id?: string; payment_status?: string };

// Payment outcomes by event type, with the object each carries; every other event is acknowledged and ignored.
const outcomes: Record<string, { object: string; outcome: (object: EventObject) => PaymentEvent['outcome'] }> = {
  'payment_intent.succeeded': { object: 'payment_intent', outcome: () => 'paid' },
  'payment_intent.payment_failed': { object: 'payment_intent', outcome: () => 'failed' },
  // Cancelled by us, or expired by Stripe (an unpaid intent is cancelled after its time runs out).
  'payment_intent.canceled': { object: 'payment_intent', outcome: () => 'failed' },
  // A card is charged before Checkout completes; methods that settle later complete unpaid and send async_payment_*.
  'checkout.session.completed': {
    object: 'checkout.session',
    outcome: (session) => (session.payment_status === 'unpaid' ? 'ignored' : 'paid'),
  },
  'checkout.session.async_payment_succeeded': { object: 'checkout.session', outcome: () => 'paid' },
  'checkout.session.async_payment_failed': { object: 'checkout.session', outcome: () => 'failed' },
  // The customer did not pay before the session's expiry (or we expired it when the order was cancelled).
  'checkout.session.expired': { object: 'checkout.session', outcome: () => 'failed' },
};

/**
 * Stripe's smallest charge per currency, in the minor unit (docs.stripe.com/currencies, "Minimum and maximum
 * charge amounts"), for the currencies a shop here is likely to use; Stripe refuses a smaller amount.
 */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  cad: 50,
  aud: 50,
  nzd: 50,
  chf: 50,
  sgd: 50,
};

/**
 * Card payments through Stripe: Checkout Sessions (Stripe's hosted payment page) for the web shop,
 * PaymentIntents for API clients that collect card details themselves. Webhooks are verified with the
 * endpoint's signing secret.
 */
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

  /** The PaymentIntent that took a payment: a session's, once it completed. */
  async function intentOf(reference: string): Promise<string> {
    if (!isSession(reference)) return reference;
    const session = await stripe.checkout.sessions.retrieve(reference);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Checkout Session ${reference} has taken no payment`);
    return intent;
  }

  return {
    id: 'stripe',
    minimumAmount: (currency) => MINIMUM_CHARGE[currency.toLowerCase()],
    create: ({ amountCents, currency, userId, idempotencyKey }) =>
      call('set-up', async () =>
        paymentOf(
          await stripe.paymentIntents.create(
            { amount: amountCents, currency, metadata: { userId }, automatic_payment_methods: { enabled: true } },
            idempotencyKey ? { idempotencyKey } : undefined,
          ),
        ),
      ),
    createHostedPayment: (input) =>
      call('set-up', async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: {
                    name: input.title,
                    ...(input.description ? { description: input.description.slice(0, 500) } : {}),
                  },
                },
              },
            ],
            client_reference_id: Object.values(input.paidFor)[0],
            customer_email: input.email,
            metadata: { ...input.paidFor, userId: input.userId },
            // No userId on the intent: it must never pass for a payment the customer could name at checkout.
            payment_intent_data: { metadata: { ...input.paidFor } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe answered without a payment page URL');
        return { ...sessionPaymentOf(session), url: session.url };
      }),
    status: (reference) =>
      call('lookup', async () =>
        isSession(reference)
          ? sessionPaymentOf(await stripe.checkout.sessions.retrieve(reference))
          : paymentOf(await stripe.paymentIntents.retrieve(reference)),
      ),
    cancel: (reference) =>
      call('cancellation', async () =>
        isSession(reference)
          ? sessionStatusOf(await stripe.checkout.sessions.expire(reference))
          : statusOf(await stripe.paymentIntents.cancel(reference)),
      ),
    refund: (reference, options = {}) =>
      call(
        'refund',
        async () =>
          (
            await stripe.refunds.create(
              {
                payment_intent: await intentOf(reference),
                ...(options.amountCents !== undefined ? { amount: options.amountCents } : {}),
              },
              { idempotencyKey: options.idempotencyKey ?? `refund-${reference}` },
            )
          ).id,
      ),
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new PaymentWebhookError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch {
        throw new PaymentWebhookError('Webhook signature verification failed');
      }
      const object = event.data.object as EventObject;
      const known = outcomes[event.type];
      if (!known) return { id: event.id, type: event.type, reference: object.id ?? '', outcome: 'ignored' };
      if (object.object !== known.object || !object.id) throw new PaymentWebhookError('Unexpected event payload');
      return { id: event.id, type: event.type, reference: object.id, outcome: known.outcome(object) };
    },
  };
}
