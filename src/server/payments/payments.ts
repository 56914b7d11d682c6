import type { Env } from '../env';
import { createManualProvider } from './manual-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

/** The providers the app can take money with: pay on pickup always, cards when Stripe is configured. */
export interface Payments {
  /** The provider new checkouts use. */
  checkout: PaymentProvider;
  byId(id: string): PaymentProvider | undefined;
}

export function createPayments(providers: PaymentProvider[]): Payments {
  const manual = providers.find((p) => p.id === 'manual') ?? createManualProvider();
  const all = new Map([manual, ...providers].map((p) => [p.id as string, p]));
  return {
    checkout: providers.find((p) => p.id !== 'manual') ?? manual,
    byId: (id) => all.get(id),
  };
}

export function paymentsFromEnv(env: Env, opts: { fetch?: typeof fetch } = {}): Payments {
  const providers: PaymentProvider[] = [createManualProvider()];
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    providers.push(
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        fetch: opts.fetch,
      }),
    );
  }
  return createPayments(providers);
}
