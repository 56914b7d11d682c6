import { describe, expect, it } from 'vitest';
import { createManualProvider } from './manual-provider';
import { PaymentProviderError, PaymentWebhookError, type PaymentProvider } from './provider';
import { createStripeFake } from '../../testing/stripe-fake';
import { createStripeProvider } from './stripe-provider';

interface Harness {
  provider: PaymentProvider;
  /** The customer pays (card) or staff take the money (pay on pickup). */
  take(reference: string): void;
}

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const ORDER = '0b5e7c1a-0000-4000-8000-000000000001';

function manualHarness(): Harness {
  return { provider: createManualProvider(), take: () => {} };
}

function stripeHarness(): Harness & { fake: ReturnType<typeof createStripeFake> } {
  const fake = createStripeFake();
  const provider = createStripeProvider({
    secretKey: 'sk_test_offline',
    webhookSecret: fake.webhookSecret,
    fetch: fake.fetch,
  });
  return { provider, fake, take: (reference) => void fake.succeed(reference) };
}

// One contract, every provider: what the order service relies on.
describe.each([
  ['manual', manualHarness],
  ['stripe (offline)', stripeHarness],
] as const)('payment provider contract: %s', (_name, makeHarness) => {
  it('creates an open payment for the amount, with a unique reference and a client secret', async () => {
    const { provider } = makeHarness();
    const a = await provider.create({ amountCents: 2750, currency: 'usd', userId: USER });
    const b = await provider.create({ amountCents: 2750, currency: 'usd', userId: USER });
    expect(a).toMatchObject({ amountCents: 2750, currency: 'usd', status: 'pending', userId: USER });
    expect(a.reference).not.toBe(b.reference);
    expect(a.clientSecret).toContain(a.reference);
  });

  it('reports a fresh payment as pending, and refuses an unknown reference', async () => {
    const { provider } = makeHarness();
    const payment = await provider.create({ amountCents: 1000, currency: 'usd', userId: USER });
    expect((await provider.status(payment.reference)).status).toBe('pending');
    await expect(provider.status('pi_unknown_0001')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('cancels an open payment', async () => {
    const { provider } = makeHarness();
    const payment = await provider.create({ amountCents: 1000, currency: 'usd', userId: USER });
    expect(await provider.cancel(payment.reference)).toBe('cancelled');
  });

  it('refunds a taken payment and names the refund', async () => {
    const { provider, take } = makeHarness();
    const payment = await provider.create({ amountCents: 1000, currency: 'usd', userId: USER });
    take(payment.reference);
    expect(await provider.refund(payment.reference)).toMatch(/^(re_|manual_refund_)/);
  });

  it('refuses a webhook delivery that is not genuine', async () => {
    const { provider } = makeHarness();
    await expect(
      provider.parseWebhook('{"id":"evt_1","type":"payment_intent.succeeded"}', undefined),
    ).rejects.toBeInstanceOf(PaymentWebhookError);
    await expect(
      provider.parseWebhook('{"id":"evt_1","type":"payment_intent.succeeded"}', 't=1,v1=deadbeef'),
    ).rejects.toBeInstanceOf(PaymentWebhookError);
  });
});

describe('stripe provider, offline against recorded responses', () => {
  it('sends the amount, currency and user to Stripe and reads the intent back', async () => {
    const { provider, fake } = stripeHarness();
    const payment = await provider.create({ amountCents: 5500, currency: 'usd', userId: USER });
    const call = fake.calls.find((c) => c.path === '/v1/payment_intents')!;
    expect(call.body.get('amount')).toBe('5500');
    expect(call.body.get('metadata[userId]')).toBe(USER);
    fake.succeed(payment.reference);
    expect(await provider.status(payment.reference)).toMatchObject({ status: 'paid', amountCents: 5500, userId: USER });
  });

  it('turns signed events into outcomes and ignores the rest', async () => {
    const { provider, fake } = stripeHarness();
    const payment = await provider.create({ amountCents: 100, currency: 'usd', userId: USER });
    const intent = fake.intents.get(payment.reference)!;
    for (const [type, outcome] of [
      ['payment_intent.succeeded', 'paid'],
      ['payment_intent.payment_failed', 'failed'],
      ['payment_intent.canceled', 'failed'],
      ['payment_intent.created', 'ignored'],
    ] as const) {
      const { payload, signature } = fake.event(type, intent, { eventId: `evt_${type}` });
      expect(await provider.parseWebhook(payload, signature)).toEqual({
        id: `evt_${type}`,
        type,
        reference: payment.reference,
        outcome,
      });
    }
  });

  it('refuses events signed with another secret or changed after signing', async () => {
    const { provider, fake } = stripeHarness();
    const payment = await provider.create({ amountCents: 100, currency: 'usd', userId: USER });
    const intent = fake.intents.get(payment.reference)!;
    const foreign = fake.event('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    await expect(provider.parseWebhook(foreign.payload, foreign.signature)).rejects.toBeInstanceOf(PaymentWebhookError);
    const genuine = fake.event('payment_intent.succeeded', intent);
    await expect(
      provider.parseWebhook(genuine.payload.replace('"amount":100', '"amount":1'), genuine.signature),
    ).rejects.toBeInstanceOf(PaymentWebhookError);
  });

  it('reports a provider failure as such (a refund of an unpaid intent)', async () => {
    const { provider } = stripeHarness();
    const payment = await provider.create({ amountCents: 100, currency: 'usd', userId: USER });
    await expect(provider.refund(payment.reference)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('opens a Checkout Session for one order and reads, expires and refunds it by its reference', async () => {
    const { provider, fake } = stripeHarness();
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    const input = {
      paidFor: { orderId: ORDER },
      amountCents: 4125,
      currency: 'usd',
      userId: USER,
      email: 'olga@example.com',
      title: 'Order #00000001',
      description: '3 × Oil',
      successUrl: `https://shop.example.com/orders/${ORDER}?payment=success`,
      cancelUrl: `https://shop.example.com/orders/${ORDER}?payment=cancelled`,
      expiresAt,
      idempotencyKey: `order-${ORDER}`,
    };
    const page = await provider.createHostedPayment!(input);
    expect(page).toMatchObject({
      amountCents: 4125,
      currency: 'usd',
      status: 'pending',
      userId: USER,
      url: `https://checkout.stripe.com/c/pay/${page.reference}`,
    });
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(call.body)).toMatchObject({
      mode: 'payment',
      'payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '4125',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Order #00000001',
      client_reference_id: ORDER,
      customer_email: 'olga@example.com',
      'metadata[orderId]': ORDER,
      'metadata[userId]': USER,
      'payment_intent_data[metadata][orderId]': ORDER,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
    });
    expect(call.body.has('payment_intent_data[metadata][userId]')).toBe(false);
    expect(call.idempotencyKey).toBe(`order-${ORDER}`);
    // The same key gives the same page.
    expect((await provider.createHostedPayment!(input)).reference).toBe(page.reference);

    await expect(provider.refund(page.reference)).rejects.toBeInstanceOf(PaymentProviderError);
    fake.pay(page.reference);
    expect(await provider.status(page.reference)).toMatchObject({ status: 'paid', url: null, amountCents: 4125 });
    const intentId = fake.sessions.get(page.reference)!.payment_intent as string;
    // The intent behind the page belongs to no user: it can never be named for another order.
    expect(await provider.status(intentId)).toMatchObject({ status: 'paid', userId: null });
    expect(await provider.refund(page.reference)).toMatch(/^re_/);
    expect(fake.calls.at(-1)!.body.get('payment_intent')).toBe(intentId);

    const other = await provider.createHostedPayment!({ ...input, idempotencyKey: 'another' });
    expect(await provider.cancel(other.reference)).toBe('cancelled');
    expect(await provider.status(other.reference)).toMatchObject({ status: 'cancelled', url: null });
    await expect(provider.cancel(other.reference)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('turns signed Checkout events into outcomes for the session', async () => {
    const { provider, fake } = stripeHarness();
    const page = await provider.createHostedPayment!({
      paidFor: { orderId: ORDER },
      amountCents: 100,
      currency: 'usd',
      userId: USER,
      email: 'a@example.com',
      title: 'Order',
      description: '',
      successUrl: 'https://shop.example.com/s',
      cancelUrl: 'https://shop.example.com/c',
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: 'k',
    });
    const session = fake.sessions.get(page.reference)!;
    const outcomeOf = async (type: string, object: Record<string, unknown>) => {
      const delivery = fake.event(type, object);
      return (await provider.parseWebhook(delivery.payload, delivery.signature)).outcome;
    };
    // Completed without payment yet (a method that settles later): nothing to do until it settles.
    expect(
      await outcomeOf('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }),
    ).toBe('ignored');
    expect(
      await outcomeOf('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }),
    ).toBe('paid');
    expect(await outcomeOf('checkout.session.async_payment_succeeded', session)).toBe('paid');
    expect(await outcomeOf('checkout.session.async_payment_failed', session)).toBe('failed');
    expect(await outcomeOf('checkout.session.expired', session)).toBe('failed');
    const { payload, signature } = fake.event('checkout.session.expired', session, { eventId: 'evt_expired' });
    expect(await provider.parseWebhook(payload, signature)).toEqual({
      id: 'evt_expired',
      type: 'checkout.session.expired',
      reference: page.reference,
      outcome: 'failed',
    });
    // An event whose object is not what its type promises is not accepted.
    const odd = fake.event('checkout.session.completed', { id: 'pi_123', object: 'payment_intent' });
    await expect(provider.parseWebhook(odd.payload, odd.signature)).rejects.toBeInstanceOf(PaymentWebhookError);
  });
});
