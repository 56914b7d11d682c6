import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeFake, paymentsWithStripeFake } from '../src/testing/stripe-fake';
import { afterAll, beforeAll } from 'vitest';
import { formatMoney, fromCents } from '../src/shared/orders';
import { useE2eApp } from './harness';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c1917}
button{font-size:1rem;padding:.75rem 1.5rem;background:#635bff;color:#fff;border:0;border-radius:.4rem;width:100%}a{color:#4338ca}</style></head>
<body><main>${body}</main></body></html>`);
}

/**
 * Stripe's hosted Checkout page, played offline for the journeys. The offline Stripe's sessions send the
 * customer here. Pay completes the session as a card payment, delivers the signed checkout.session.completed
 * webhook to the app as Stripe does, and sends the customer back to the session's success_url; the back link
 * goes to its cancel_url, as Stripe's does. hold() keeps webhooks back until release(), to show the app's
 * page while it is still waiting for the confirmation.
 */
async function startCheckoutPageStandIn() {
  let webhookUrl = '';
  let held: { payload: string; signature: string }[] | null = null;

  async function deliver(delivery: { payload: string; signature: string }) {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/c\/pay\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    const session = match ? fake.sessions.get(match[1]!) : undefined;
    if (!match || !session)
      return page(
        res,
        404,
        'Not found',
        '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>',
      );
    const sessionId = match[1]!;
    if (session.status !== 'open')
      return page(res, 410, 'Checkout', '<h1>This Checkout Session is no longer active</h1>');
    if (req.method === 'POST') {
      const event = fake.event('checkout.session.completed', fake.pay(sessionId));
      if (held) held.push(event);
      else await deliver(event);
      res.writeHead(303, { location: String(session.success_url) });
      return res.end();
    }
    const amount = formatMoney(
      fromCents(session.amount_total as number),
      String(session.currency ?? 'usd').toUpperCase(),
    );
    return page(
      res,
      200,
      'Checkout',
      `<p><a href="${escape(String(session.cancel_url))}">Back</a></p>
<h1>${escape(fake.titleOf(sessionId))}</h1><p>${amount}</p><p>${escape(String(session.customer_email ?? ''))}</p>
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label><p><button type="submit">Pay ${amount}</button></p></form>`,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      page(res, 500, 'Error', `<h1>Error</h1><pre>${escape(String(error))}</pre>`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake = createStripeFake({ checkoutPageUrl: `${url}/c/pay` });

  return {
    url,
    fake,
    payments: paymentsWithStripeFake(fake),
    /** The app that Stripe's webhooks go to. */
    deliverTo(appUrl: string) {
      webhookUrl = `${appUrl}/api/payments/stripe/webhook`;
    },
    hold() {
      held = [];
    },
    async release() {
      const events = held ?? [];
      held = null;
      for (const event of events) await deliver(event);
    },
    /** The session's time runs out: Stripe expires it and tells the app. */
    async expire(sessionId: string) {
      await deliver(fake.event('checkout.session.expired', fake.expire(sessionId)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A journey file's app with card payments configured (Stripe offline), paid on the stand-in page, whose webhooks
 * go to that app. The stand-in's fields are there once the file's beforeAll hooks have run.
 */
export function useE2eAppWithCheckoutStandIn() {
  const stripePage = {} as Awaited<ReturnType<typeof startCheckoutPageStandIn>>;
  beforeAll(async () => {
    Object.assign(stripePage, await startCheckoutPageStandIn());
  });
  const e2e = useE2eApp({ payments: () => stripePage.payments });
  beforeAll(() => stripePage.deliverTo(e2e.server.baseUrl));
  afterAll(() => stripePage.close?.());
  return { e2e, stripePage };
}
