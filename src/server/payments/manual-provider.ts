import { randomUUID } from 'node:crypto';
import type { PaymentProvider, ProviderPayment } from './provider';
import { PaymentProviderError, PaymentWebhookError } from './provider';

/**
 * Pay on pickup: no money moves online. Staff mark the order paid when the customer pays in the shop, so
 * the provider itself keeps no state: every payment it is asked about is still open.
 */
export function createManualProvider(): PaymentProvider {
  const payment = (
    reference: string,
    amountCents: number,
    currency: string,
    userId: string | null,
  ): ProviderPayment => ({
    reference,
    clientSecret: `${reference}_secret`,
    amountCents,
    currency,
    status: 'pending',
    userId,
  });
  return {
    id: 'manual',
    async create({ amountCents, currency, userId }) {
      return payment(`manual_${randomUUID()}`, amountCents, currency, userId);
    },
    async status(reference) {
      if (!reference.startsWith('manual_')) throw new PaymentProviderError('No such pay-on-pickup payment');
      return payment(reference, 0, 'usd', null);
    },
    async cancel() {
      return 'cancelled';
    },
    async refund() {
      // Money taken at the counter goes back at the counter; the reference records that it was owed.
      return `manual_refund_${randomUUID()}`;
    },
    async parseWebhook() {
      throw new PaymentWebhookError('Pay on pickup has no webhooks');
    },
  };
}
