import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { paths } from '../../openapi/storefront-api';

/** What a GET of `P` answers, as the OpenAPI document types it. */
type Answer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer A } } } };
}
  ? A
  : never;

type Envelope<T extends string, D> = { id: string; type: T; timestamp: string; data: D };

/** A delivery's body: `data` is the resource exactly as the REST GET of it answers (docs/integrations.md). */
export type StorefrontEvent =
  | Envelope<'order.created' | 'order.updated', Answer<'/orders/{id}'>>
  | Envelope<'appointment.created' | 'appointment.updated' | 'appointment.cancelled', Answer<'/appointments/{id}'>>
  | Envelope<'customer.created', Answer<'/admin/customers'>['items'][number]>
  | Envelope<'employee_application.created', Answer<'/admin/employee-applications'>[number]>
  | Envelope<'product.created' | 'product.updated' | 'product.deleted', Answer<'/products/{id}'>>
  | Envelope<'ping', Answer<'/admin/webhooks'>[number]>;

const header = (req: IncomingMessage, name: string) => String(req.headers[name] ?? '');

/**
 * A node:http handler receiving the storefront's webhooks: it reads the raw body (the signature covers the bytes
 * as sent), verifies it with `standardwebhooks` and the endpoint's `whsec_` secret, then answers 204 at once and
 * hands the event on. A bad signature or a stale timestamp is 400 and the event is dropped. Delivery is at least
 * once, so an event already seen (the same `webhook-id`) is acknowledged again but not handed on twice.
 */
export function webhookHandler(secret: string, onEvent: (event: StorefrontEvent) => void) {
  const webhook = new Webhook(secret);
  const seen = new Set<string>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let event: StorefrontEvent;
      try {
        event = webhook.verify(Buffer.concat(chunks).toString('utf8'), {
          'webhook-id': header(req, 'webhook-id'),
          'webhook-timestamp': header(req, 'webhook-timestamp'),
          'webhook-signature': header(req, 'webhook-signature'),
        }) as StorefrontEvent;
      } catch {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204).end();
      if (seen.has(event.id)) return;
      seen.add(event.id);
      onEvent(event);
    });
  };
}
