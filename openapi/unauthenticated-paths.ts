import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { idempotencyErrors, serverErrors } from '../src/server/api/openapi-operation';

/**
 * Plain routes reached by programs that hold no credential of ours, the address or the signature being the proof:
 * a staff member's calendar subscription (src/server/http/calendar-feed-http.ts) and a payment provider's events
 * (src/server/http/payment-webhook.ts). Neither looks at a session or an API key (no 401 or 429). Documented by
 * hand, with the error answers each gives (`unauthenticatedErrors`).
 */
const ZPaymentEventReceipt = z
  .object({
    received: z.literal(true),
    result: z.enum(['applied', 'ignored', 'duplicate']),
  })
  .meta({ id: 'PaymentEventReceipt', description: 'What became of a payment event' });

export const unauthenticatedPaths: ZodOpenApiPathsObject = {
  '/calendar-feeds/{file}': {
    get: {
      operationId: 'calendarFeed',
      summary: "A staff member's calendar subscription",
      description:
        'The address `GET /employee/calendar-feed` answers (`<token>.ics`), for a calendar app to subscribe to: one ' +
        'VEVENT per pending or confirmed appointment of that person from 30 days back to 180 days ahead. The token ' +
        'is the credential (no cookie); rotating it makes the old address 404 at once.',
      tags: ['employee'],
      parameters: [
        {
          name: 'file',
          in: 'path' as const,
          required: true,
          description: 'The token with `.ics`',
          schema: { type: 'string' as const },
        },
      ],
      responses: {
        '200': {
          description: 'The calendar (iCalendar, RFC 5545); calendar apps may keep it 5 minutes',
          content: { 'text/calendar': { schema: { type: 'string' as const } } },
        },
      },
    },
  },
  '/payments/{provider}/webhook': {
    post: {
      operationId: 'paymentProviderEvent',
      summary: "A payment provider's event",
      description:
        'Where a payment provider (`stripe`, when configured) sends its events about payments of orders and ' +
        "deposits. The body is read as the exact bytes sent and checked against the provider's signature " +
        '(`Stripe-Signature`); each event is applied once, so a redelivery answers `duplicate` and changes nothing. ' +
        'Not for integrators.',
      tags: ['orders'],
      parameters: [
        {
          name: 'provider',
          in: 'path' as const,
          required: true,
          description: 'The payment provider',
          schema: { type: 'string' as const },
        },
        {
          name: 'Stripe-Signature',
          in: 'header' as const,
          required: false,
          description: "Stripe's signature of the body",
          schema: { type: 'string' as const },
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object' as const } } },
      },
      responses: {
        '200': {
          description: 'Received: applied, ignored (not about a payment of ours), or a duplicate of one received',
          content: {
            'application/json': {
              schema: ZPaymentEventReceipt,
            },
          },
        },
      },
    },
  },
};

/** The error answers of each, by `<method> <path>`, for the document to add with the one Error schema. */
export const unauthenticatedErrors: [string, Record<number, string>][] = [
  [
    'get /calendar-feeds/{file}',
    {
      400: 'An address that is not valid text (a NUL, a lone surrogate)',
      404: 'No calendar at this address (an unknown or rotated token)',
      ...serverErrors,
    },
  ],
  [
    'post /payments/{provider}/webhook',
    {
      400: "The signature is missing or wrong, or the body is not the provider's event",
      403: 'A cross-site request',
      404: 'No such payment provider',
      413: 'The body is over 512 KB',
      // Sent with an API key, an Idempotency-Key is held as on any POST (a provider sends neither).
      ...idempotencyErrors,
      ...serverErrors,
      500: 'The event could not be applied; the provider should deliver it again',
    },
  ],
];
