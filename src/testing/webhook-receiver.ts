import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookMismatch } from '../server/openapi-check';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The payload as `standardwebhooks` verified it, or undefined when verification failed. */
  payload: { id: string; type: string; timestamp: string; data: unknown } | undefined;
  /** Why verification failed, if it did. */
  error?: string;
  /** How the verified body differs from the OpenAPI document's `webhooks` section, if it does. */
  mismatch?: string;
}

/**
 * A webhook receiver for tests: a real HTTP server that verifies every request with the `standardwebhooks`
 * library exactly as an integrator's receiver does, records it, and answers the status codes it is told to
 * (200 once the list is used up).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  let secret: string | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedWebhook = { headers: req.headers, body, payload: undefined };
      try {
        entry.payload = new Webhook(secret ?? '').verify(body, {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as ReceivedWebhook['payload'];
        entry.mismatch = webhookMismatch(entry.payload!);
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
      }
      received.push(entry);
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The endpoint's signing secret, as the create answer gave it. */
    useSecret(value: string) {
      secret = value;
    },
    /** The next requests are answered with these statuses, in order. */
    answerNext(...statuses: number[]) {
      answers.push(...statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** A product as a `product.*` event carries it (the REST GET's answer, which the receiver checks against). */
export const eventProduct = {
  id: '7f1f8a52-3f5e-4d4c-9a51-2b1f8e2a9c10',
  name: 'Lavender Oil',
  description: '',
  category: 'Oils',
  price: '12.50',
  imageUrl: null,
  inventory: 3,
  isFeatured: false,
  isActive: true,
  updatedAt: '2026-05-01T09:00:00.000000Z',
};
