import { describe, expect, it } from 'vitest';
import { testEnv } from '../../testing/test-server';
import { paymentsFromEnv } from './payments';

describe('payment configuration', () => {
  it('takes orders on pickup unless Stripe is configured, and keeps pay on pickup beside cards', () => {
    expect(paymentsFromEnv(testEnv()).checkout.id).toBe('manual');
    const payments = paymentsFromEnv(testEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }));
    expect(payments.checkout.id).toBe('stripe');
    expect(payments.byId('manual')?.id).toBe('manual');
    expect(payments.byId('paypal')).toBeUndefined();
  });

  it('refuses to start with only one of the two Stripe settings', () => {
    expect(() => testEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => testEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
