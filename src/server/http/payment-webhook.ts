import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../api/context';
import { isDatabaseUnavailable } from '../../../db/errors';
import { backgroundBookingEnv, settleDeposit } from '../appointments/deposit-settlement';
import { applyOrderPayment } from '../orders/order-service';
import { recordPaymentEvent } from '../payments/payment-events';
import { PaymentWebhookError } from '../payments/provider';

/**
 * POST /api/payments/{provider}/webhook: provider events about payments. The signature is computed over
 * the exact bytes sent, so this route reads the body as text instead of parsing it. An event is recorded
 * and applied in one transaction, so a redelivery (providers deliver at least once) changes nothing. A payment
 * is an order's or a booking's deposit.
 */
// Not wrapped in fastify-plugin on purpose: the text body parser stays inside this plugin's own scope.
export async function paymentWebhookPlugin(app: FastifyInstance, deps: AppServices) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { provider: string } }>('/api/payments/:provider/webhook', async (req, reply) => {
      const { payments } = deps;
      const provider = payments.byId(req.params.provider);
      if (!provider || provider.id === 'manual') {
        return reply.code(404).send({ message: 'No such payment provider', code: 'NOT_FOUND' });
      }
      const signature = req.headers['stripe-signature'];
      let event;
      try {
        event = await provider.parseWebhook(
          typeof req.body === 'string' ? req.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof PaymentWebhookError)
          return reply.code(400).send({ message: error.message, code: 'BAD_REQUEST' });
        throw error;
      }
      try {
        const { currency, defaultLocale } = await deps.settings.get();
        const result = await deps.database.db.transaction(async (tx) => {
          if (!(await recordPaymentEvent(tx, provider.id, event))) return 'duplicate';
          if (event.outcome === 'ignored') return 'ignored';
          const paid = { ...event, outcome: event.outcome };
          const order = await applyOrderPayment(
            tx,
            { payments, publicUrl: deps.env.publicUrl, currency, defaultLocale },
            provider.id,
            paid,
          );
          const booking =
            order ??
            (await settleDeposit(
              tx,
              await backgroundBookingEnv(tx, { payments, publicUrl: deps.env.publicUrl }),
              provider.id,
              event.reference,
              paid.outcome,
            ));
          // No order or booking yet: the checkout or booking asks the provider itself, so it sees this payment's state.
          return booking ?? 'ignored';
        });
        req.log.info({ eventId: event.id, type: event.type, result }, 'payment event');
        return reply.send({ received: true, result });
      } catch (error) {
        // Any failure is answered with an error status so that the provider delivers the event again.
        req.log.error({ err: error, eventId: event.id }, 'payment event failed');
        const status = isDatabaseUnavailable(error) ? 503 : 500;
        return reply.code(status).send({
          message: 'The event could not be applied; please deliver it again.',
          code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR',
          requestId: req.id,
        });
      }
    });
  });
}
