import Stripe from 'stripe';

/**
 * Stripe's API offline, for tests: a fetch that answers the calls the Stripe provider makes with objects
 * shaped as Stripe's recorded responses (PaymentIntent, Refund, error bodies), keeping the intents in memory.
 * `succeed` and `fail` play the customer's card; `event` builds a signed webhook delivery with the SDK's
 * own test signer.
 */
export function createStripeFake(webhookSecret = 'whsec_test_secret') {
  const intents = new Map<string, Record<string, unknown>>();
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}_3Q${(++seq).toString().padStart(6, '0')}TestFakeAbc`;
  const created = () => Math.floor(Date.now() / 1000);

  function intentObject(amount: number, currency: string, metadata: Record<string, string>) {
    const intentId = id('pi');
    return {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: { allow_redirects: 'always', enabled: true },
      capture_method: 'automatic_async',
      client_secret: `${intentId}_secret_Fake${seq}`,
      confirmation_method: 'automatic',
      created: created(),
      currency,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: ['card', 'link'],
      status: 'requires_payment_method',
    } as Record<string, unknown>;
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': `req_${seq}` } });
  const notFound = (what: string) =>
    json(404, { error: { code: 'resource_missing', message: `No such payment_intent: '${what}'`, param: 'intent', type: 'invalid_request_error' } });

  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, body });
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = /^metadata\[(\w+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const intent = intentObject(Number(body.get('amount')), body.get('currency') ?? 'usd', metadata);
      intents.set(intent.id as string, intent);
      return json(200, intent);
    }
    let m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (m && method === 'GET') {
      const intent = intents.get(m[1]!);
      return intent ? json(200, intent) : notFound(m[1]!);
    }
    m = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path);
    if (m && method === 'POST') {
      const intent = intents.get(m[1]!);
      if (!intent) return notFound(m[1]!);
      if (intent.status === 'succeeded') {
        return json(400, { error: { code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.', type: 'invalid_request_error' } });
      }
      Object.assign(intent, { status: 'canceled', cancellation_reason: 'requested_by_customer', canceled_at: created() });
      return json(200, intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent) return notFound(body.get('payment_intent') ?? '');
      if (intent.status !== 'succeeded') {
        return json(400, { error: { code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.', type: 'invalid_request_error' } });
      }
      intent.refunded = true;
      return json(200, { id: id('re'), object: 'refund', amount: intent.amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', created: created() });
    }
    return json(404, { error: { message: `Unrecognized request URL (${method}: ${path}).`, type: 'invalid_request_error' } });
  }) as typeof fetch;

  function setStatus(intentId: string, status: string) {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = status;
    if (status === 'succeeded') Object.assign(intent, { amount_received: intent.amount, latest_charge: id('ch') });
    return intent;
  }

  /** A webhook delivery as Stripe sends it: the raw JSON body and its Stripe-Signature header. */
  function event(type: string, intent: Record<string, unknown>, opts: { eventId?: string; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: opts.eventId ?? id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: created(),
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret });
    return { payload, signature };
  }

  return {
    fetch: fetchFn,
    webhookSecret,
    intents,
    calls,
    succeed: (intentId: string) => setStatus(intentId, 'succeeded'),
    fail: (intentId: string) => Object.assign(setStatus(intentId, 'requires_payment_method'), { last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }),
    event,
  };
}
