import Stripe from 'stripe';
import { createManualProvider } from '../server/payments/manual-provider';
import { createPayments, type Payments } from '../server/payments/payments';
import { createStripeProvider } from '../server/payments/stripe-provider';

type StripeObject = Record<string, unknown>;
// Form parameters as the SDK sends them; their shape is whatever the caller built.
type FormValue = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A form body as Stripe's SDK encodes it (`a[b][0][c]=v`), read back into nested objects (lists keyed "0", "1", …). */
function formObject(body: URLSearchParams): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of body) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let at = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = at[part] ??= {};
    });
  }
  return root;
}

export interface StripeFakeOptions {
  webhookSecret?: string;
  /** Where Checkout Sessions send the customer to pay: Stripe's hosted page, or a stand-in that a test serves. */
  checkoutPageUrl?: string;
}

/**
 * Stripe's API offline, for tests: a fetch that answers the calls the Stripe provider makes with objects
 * shaped as Stripe's recorded responses (PaymentIntent, Checkout Session, Refund, error bodies), keeping them
 * in memory. `succeed` and `fail` play the customer's card on an intent, `pay` the customer on the hosted
 * Checkout page and `expire` the clock running out there; `event` builds a signed webhook delivery with the
 * SDK's own test signer.
 */
export function createStripeFake(options: StripeFakeOptions = {}) {
  const webhookSecret = options.webhookSecret ?? 'whsec_test_secret';
  const checkoutPageUrl = options.checkoutPageUrl ?? 'https://checkout.stripe.com/c/pay';
  const intents = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  // What a session was created with beyond its own fields: the line's name, the intent's metadata, its key.
  const sessionParams = new Map<
    string,
    { title: string; intentMetadata: Record<string, string>; idempotencyKey: string | null }
  >();
  const calls: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[] = [];
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
    } as StripeObject;
  }

  function sessionObject(params: Record<string, FormValue>): StripeObject {
    const lines: FormValue[] = Object.values(params.line_items ?? {});
    const amount = lines.reduce(
      (sum: number, line) => sum + Number(line.price_data?.unit_amount ?? 0) * Number(line.quantity ?? 1),
      0,
    );
    const sessionId = id('cs_test');
    return {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      client_secret: null,
      created: created(),
      currency: lines[0]?.price_data?.currency ?? 'usd',
      customer: null,
      customer_email: params.customer_email ?? null,
      expires_at: Number(params.expires_at ?? created() + 86_400),
      livemode: false,
      metadata: params.metadata ?? {},
      mode: params.mode ?? 'payment',
      // Since API version 2022-08-01 the intent is made when the customer pays, not with the session.
      payment_intent: null,
      payment_method_types: Object.values(params.payment_method_types ?? { 0: 'card' }),
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url ?? null,
      ui_mode: 'hosted',
      url: `${checkoutPageUrl}/${sessionId}`,
    };
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${seq}` },
    });
  const notFound = (what: string, kind = 'payment_intent') =>
    json(404, {
      error: {
        code: 'resource_missing',
        message: `No such ${kind}: '${what}'`,
        param: kind === 'payment_intent' ? 'intent' : 'session',
        type: 'invalid_request_error',
      },
    });
  const invalid = (message: string, code?: string) =>
    json(400, { error: { ...(code ? { code } : {}), message, type: 'invalid_request_error' } });

  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
    const path = url.pathname;
    calls.push({ method, path, body, idempotencyKey });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = intentObject(
        Number(body.get('amount')),
        body.get('currency') ?? 'usd',
        formObject(body).metadata ?? {},
      );
      intents.set(intent.id as string, intent);
      return json(200, intent);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      // Stripe answers a repeated idempotency key with the session the first request made.
      const earlier = idempotencyKey
        ? [...sessionParams].find(([, p]) => p.idempotencyKey === idempotencyKey)
        : undefined;
      if (earlier) return json(200, sessions.get(earlier[0]));
      const params = formObject(body);
      const session = sessionObject(params);
      sessions.set(session.id as string, session);
      sessionParams.set(session.id as string, {
        title: params.line_items?.[0]?.price_data?.product_data?.name ?? '',
        intentMetadata: params.payment_intent_data?.metadata ?? {},
        idempotencyKey,
      });
      return json(200, session);
    }
    const s = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(path);
    if (s) {
      const session = sessions.get(s[1]!);
      if (!session) return notFound(s[1]!, 'checkout.session');
      if (method === 'GET' && !s[2]) return json(200, session);
      if (method === 'POST' && s[2]) {
        if (session.status !== 'open') {
          return invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        }
        return json(200, expire(s[1]!));
      }
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
        return invalid(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          'payment_intent_unexpected_state',
        );
      }
      Object.assign(intent, {
        status: 'canceled',
        cancellation_reason: 'requested_by_customer',
        canceled_at: created(),
      });
      return json(200, intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent) return notFound(body.get('payment_intent') ?? '');
      if (intent.status !== 'succeeded') {
        return invalid('This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
      }
      // As Stripe: without an amount, what is left; never more than was charged, in all.
      const refundedBefore = Number(intent.amount_refunded ?? 0);
      const left = Number(intent.amount) - refundedBefore;
      const amount = body.has('amount') ? Number(body.get('amount')) : left;
      if (amount <= 0 || amount > left) {
        return invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount_too_large',
        );
      }
      Object.assign(intent, {
        amount_refunded: refundedBefore + amount,
        refunded: refundedBefore + amount === intent.amount,
      });
      return json(200, {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: created(),
      });
    }
    return json(404, {
      error: { message: `Unrecognized request URL (${method}: ${path}).`, type: 'invalid_request_error' },
    });
  }) as typeof fetch;

  function setStatus(intentId: string, status: string) {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = status;
    if (status === 'succeeded') Object.assign(intent, { amount_received: intent.amount, latest_charge: id('ch') });
    return intent;
  }

  function openSession(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no Checkout Session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${String(session.status)}`);
    return session;
  }

  /** The customer pays by card on the hosted page: a succeeded intent, a complete and paid session. */
  function pay(sessionId: string) {
    const session = openSession(sessionId);
    const intent = intentObject(
      session.amount_total as number,
      session.currency as string,
      sessionParams.get(sessionId)!.intentMetadata,
    );
    intents.set(intent.id as string, intent);
    setStatus(intent.id as string, 'succeeded');
    return Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
  }

  /** The session's time runs out (or it is expired through the API): nobody can pay on its page any more. */
  function expire(sessionId: string) {
    return Object.assign(openSession(sessionId), { status: 'expired', url: null });
  }

  /** A webhook delivery as Stripe sends it: the raw JSON body and its Stripe-Signature header. */
  function event(type: string, object: StripeObject, opts: { eventId?: string; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: opts.eventId ?? id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: created(),
      data: { object },
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
    sessions,
    calls,
    /** The name the session's line shows on the hosted page. */
    titleOf: (sessionId: string) => sessionParams.get(sessionId)?.title ?? '',
    succeed: (intentId: string) => setStatus(intentId, 'succeeded'),
    fail: (intentId: string) =>
      Object.assign(setStatus(intentId, 'requires_payment_method'), {
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      }),
    pay,
    expire,
    event,
  };
}

export type StripeFake = ReturnType<typeof createStripeFake>;

/** The app's payments with cards going to the fake: what tests give buildApp instead of Stripe's keys. */
export function paymentsWithStripeFake(fake: StripeFake): Payments {
  return createPayments([
    createManualProvider(),
    createStripeProvider({ secretKey: 'sk_test_offline', webhookSecret: fake.webhookSecret, fetch: fake.fetch }),
  ]);
}
