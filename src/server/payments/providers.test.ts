import { describe, expect, it } from 'vitest';
import { createManualProvider } from './manual-provider';
import { PaymentProviderError, PaymentWebhookError, type PaymentProvider } from './provider';
import { createStripeFake } from './stripe-fake';
import { createStripeProvider } from './stripe-provider';

interface Harness {
  provider: PaymentProvider;
  /** The customer pays (card) or staff take the money (pay on pickup). */
  take(reference: string): void;
}

const USER = '6f1c2d3e-0000-4000-8000-000000000001';

function manualHarness(): Harness {
  return { provider: createManualProvider(), take: () => {} };
}

function stripeHarness(): Harness & { fake: ReturnType<typeof createStripeFake> } {
  const fake = createStripeFake();
  const provider = createStripeProvider({ secretKey: 'sk_test_offline', webhookSecret: fake.webhookSecret, fetch: fake.fetch });
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
    await expect(provider.parseWebhook('{"id":"evt_1","type":"payment_intent.succeeded"}', undefined)).rejects.toBeInstanceOf(PaymentWebhookError);
    await expect(provider.parseWebhook('{"id":"evt_1","type":"payment_intent.succeeded"}', 't=1,v1=deadbeef')).rejects.toBeInstanceOf(PaymentWebhookError);
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
      expect(await provider.parseWebhook(payload, signature)).toEqual({ id: `evt_${type}`, type, reference: payment.reference, outcome });
    }
  });

  it('refuses events signed with another secret or changed after signing', async () => {
    const { provider, fake } = stripeHarness();
    const payment = await provider.create({ amountCents: 100, currency: 'usd', userId: USER });
    const intent = fake.intents.get(payment.reference)!;
    const foreign = fake.event('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    await expect(provider.parseWebhook(foreign.payload, foreign.signature)).rejects.toBeInstanceOf(PaymentWebhookError);
    const genuine = fake.event('payment_intent.succeeded', intent);
    await expect(provider.parseWebhook(genuine.payload.replace('"amount":100', '"amount":1'), genuine.signature)).rejects.toBeInstanceOf(PaymentWebhookError);
  });

  it('reports a provider failure as such (a refund of an unpaid intent)', async () => {
    const { provider } = stripeHarness();
    const payment = await provider.create({ amountCents: 100, currency: 'usd', userId: USER });
    await expect(provider.refund(payment.reference)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
