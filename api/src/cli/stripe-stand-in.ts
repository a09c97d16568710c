// A local stand-in for the card processor (Stripe): an HTTP server speaking the subset of Stripe's
// REST API the product uses, driven by the official `stripe` SDK pointed at it (STRIPE_API_URL), so
// tests and demos never reach the real service. It keeps its objects in memory, honours
// Idempotency-Key as Stripe does (the same key, the same answer), follows Stripe's documented test
// payment methods (pm_card_visa succeeds, pm_card_chargeDeclined declines, and
// pm_card_authenticationRequired asks for authentication) and test card numbers (4242 4242 4242 4242
// succeeds, 4000 0000 0000 0341 is saved but declines when charged, 4000 0027 6000 3184 asks for
// authentication off-session), and signs its webhook events as Stripe does (Stripe-Signature:
// t=…,v1=HMAC-SHA256). Checkout Sessions (setup and payment mode) have a hosted page of the
// stand-in's own at the session's url, where a person types a test card: the only place a card number
// is ever typed. For a demo beside `pnpm start`:
//
//   pnpm --filter @shine/api stripe:stand-in [port] [webhook URL]
//
// (defaults 12111 and http://127.0.0.1:3000/api/payments/stripe/webhook; the webhook secret is the
// server's STRIPE_WEBHOOK_SECRET).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, loadEnvFiles } from '../config.ts';
import { signStripePayload } from '../payments/stripe-signature.ts';

type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: StripeObject };
}

export interface StripeStandIn {
  /** Where the SDK goes: http://127.0.0.1:{port} (STRIPE_API_URL). */
  url: string;
  /** Every event made, oldest first. */
  events: StripeEvent[];
  /** Every webhook delivery's HTTP status, in order. */
  deliveries: Array<{ eventId: string; status: number }>;
  /** Delivers an event again, signed anew (as Stripe retries). */
  resend: (eventId: string) => Promise<number>;
  /** Where its webhooks go from now on (a test's app listens after the stand-in started). */
  setWebhook: (url: string, secret: string) => void;
  close: () => Promise<void>;
}

const escapeAttr = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** Stripe's documented test payment methods and what confirming a payment with each does. */
type Behaviour = 'succeeds' | 'declines' | 'authentication';

const TEST_METHODS: Record<string, Behaviour> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_amex: 'succeeds',
  pm_card_discover: 'succeeds',
  pm_card_chargeDeclined: 'declines',
  pm_card_chargeCustomerFail: 'declines',
  pm_card_authenticationRequired: 'authentication',
};

/** Stripe's documented test card numbers: their brand and what charging them does. */
export const TEST_CARDS: Record<string, { brand: string; behaviour: Behaviour }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds' },
  '6011111111111117': { brand: 'discover', behaviour: 'succeeds' },
  '4000000000000341': { brand: 'visa', behaviour: 'declines' },
  '4000002760003184': { brand: 'visa', behaviour: 'authentication' },
};

class StripeError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

/** Stripe's form encoding (a[b][0][c]=d) as nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const positiveCents = (value: unknown, param: string): number => {
  const cents = Number(value);
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || cents < 1) throw invalid(`Invalid ${param}`, param);
  return cents;
};

export async function startStripeStandIn(options: {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
}): Promise<StripeStandIn> {
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, Promise<{ status: number; body: unknown }>>();
  const events: StripeEvent[] = [];
  const deliveries: StripeStandIn['deliveries'] = [];
  // What charging each card saved on the hosted page does (Stripe's test cards), by payment method id.
  const behaviours = new Map<string, Behaviour>();
  const webhook = { url: options.webhookUrl, secret: options.webhookSecret };
  let base = '';

  async function deliver(event: StripeEvent): Promise<number> {
    if (!webhook.url || !webhook.secret) return 0;
    const payload = JSON.stringify(event);
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(webhook.secret, payload, seconds()),
      },
      body: payload,
    }).catch(() => undefined);
    const status = response?.status ?? 0;
    deliveries.push({ eventId: event.id, status });
    return status;
  }

  async function emit(type: string, object: StripeObject): Promise<void> {
    const event: StripeEvent = { id: idOf('evt'), object: 'event', type, created: seconds(), data: { object } };
    events.push(event);
    await deliver(event);
  }

  function find(id: string, object: string): StripeObject {
    const found = objects.get(id);
    if (!found || found.object !== object)
      throw new StripeError(404, { type: 'invalid_request_error', message: `No such ${object}: '${id}'` });
    return found;
  }

  async function createPaymentIntent(form: Record<string, unknown>): Promise<StripeObject> {
    const amount = positiveCents(form.amount, 'amount');
    if (form.currency !== 'usd') throw invalid('Invalid currency', 'currency');
    if (typeof form.customer === 'string') find(form.customer, 'customer');
    const intent: StripeObject = {
      id: idOf('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      customer: form.customer ?? null,
      payment_method: form.payment_method ?? null,
      metadata: form.metadata ?? {},
      status: 'requires_confirmation',
      last_payment_error: null,
      created: seconds(),
    };
    objects.set(intent.id, intent);
    if (form.confirm !== 'true') return intent;
    const outcome = TEST_METHODS[String(form.payment_method)] ?? behaviours.get(String(form.payment_method));
    if (!outcome) throw invalid(`No such PaymentMethod: '${String(form.payment_method)}'`, 'payment_method');
    if (outcome === 'succeeds') {
      Object.assign(intent, { status: 'succeeded', amount_received: amount });
      await emit('payment_intent.succeeded', intent);
      return intent;
    }
    if (outcome === 'authentication') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      const error = {
        type: 'card_error',
        code: 'authentication_required',
        message: 'This payment requires authentication.',
      };
      Object.assign(intent, { last_payment_error: error });
      await emit('payment_intent.requires_action', intent);
      if (form.off_session === 'true') throw new StripeError(402, { ...error, payment_intent: intent });
      return intent;
    }
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
    await emit('payment_intent.payment_failed', intent);
    throw new StripeError(402, { ...error, payment_intent: intent });
  }

  async function createRefund(form: Record<string, unknown>): Promise<StripeObject> {
    const intent = find(String(form.payment_intent), 'payment_intent');
    if (intent.status !== 'succeeded') throw invalid('This PaymentIntent has not succeeded', 'payment_intent');
    const refunded = objects.has(`refunded:${intent.id}`) ? Number(objects.get(`refunded:${intent.id}`)?.amount) : 0;
    const left = Number(intent.amount_received) - refunded;
    const amount = form.amount === undefined ? left : positiveCents(form.amount, 'amount');
    if (amount > left) throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount`, 'amount');
    objects.set(`refunded:${intent.id}`, { id: `refunded:${intent.id}`, object: 'tally', amount: refunded + amount });
    const refund: StripeObject = {
      id: idOf('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent.id,
      reason: form.reason ?? null,
      metadata: form.metadata ?? {},
      status: 'succeeded',
      created: seconds(),
    };
    objects.set(refund.id, refund);
    await emit('refund.created', refund);
    return refund;
  }

  /** POST /v1/checkout/sessions: a hosted page to save a card (setup) or pay an amount (payment). */
  function createCheckoutSession(form: Record<string, unknown>): StripeObject {
    const mode = form.mode;
    if (mode !== 'setup' && mode !== 'payment') throw invalid('Invalid mode', 'mode');
    if (typeof form.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
    if (typeof form.customer === 'string') find(form.customer, 'customer');
    let amount: number | null = null;
    if (mode === 'payment') {
      const items = (form.line_items as Array<Record<string, unknown>> | undefined) ?? [];
      amount = items.reduce((sum, item) => {
        const price = (item.price_data ?? {}) as Record<string, unknown>;
        return sum + positiveCents(price.unit_amount, 'line_items') * Number(item.quantity ?? 1);
      }, 0);
      if (amount < 1) throw invalid('Missing required param: line_items.', 'line_items');
    }
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      url: `${base}/c/pay/${id}`,
      customer: form.customer ?? null,
      client_reference_id: form.client_reference_id ?? null,
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      amount_total: amount,
      currency: 'usd',
      metadata: form.metadata ?? {},
      setup_intent: null,
      payment_intent: null,
      created: seconds(),
      // Not Stripe's fields: what the intents made on the page carry.
      _setup_metadata: (form.setup_intent_data as Record<string, unknown> | undefined)?.metadata ?? {},
      _payment_metadata: (form.payment_intent_data as Record<string, unknown> | undefined)?.metadata ?? {},
    };
    objects.set(id, session);
    const { _setup_metadata: _a, _payment_metadata: _b, ...shown } = session;
    return { ...shown, id, object: 'checkout.session' };
  }

  /** The card the hosted page was given, or why not. */
  function cardOf(
    fields: URLSearchParams,
  ): { brand: string; behaviour: Behaviour; last4: string; month: number; year: number } | string {
    const number = (fields.get('number') ?? '').replace(/[\s-]/g, '');
    const known = TEST_CARDS[number];
    if (!known) return 'Use one of Stripe’s test cards, such as 4242 4242 4242 4242.';
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec((fields.get('expiry') ?? '').trim());
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    const now = new Date();
    if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      return 'Your card’s expiration date is incomplete or in the past (MM / YY).';
    if (!/^\d{3,4}$/.test((fields.get('cvc') ?? '').trim())) return 'Your card’s security code is incomplete.';
    return { ...known, last4: number.slice(-4), month, year };
  }

  function checkoutPage(session: StripeObject, error?: string): string {
    const amount = session.mode === 'payment' ? `Pay $${(Number(session.amount_total) / 100).toFixed(2)}` : 'Save card';
    const cancel =
      typeof session.cancel_url === 'string'
        ? `<p><a href="${escapeAttr(session.cancel_url)}">Cancel and go back</a></p>`
        : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe stand-in checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}label{display:block;margin:1rem 0 .25rem;font-weight:600}input{font:inherit;width:100%;min-height:44px;padding:.5rem;border:1px solid #8792a2;border-radius:6px}button{font:inherit;font-weight:700;min-height:44px;width:100%;margin-top:1.5rem;border:0;border-radius:6px;background:#4f46e5;color:#fff}a{display:inline-block;min-height:44px;line-height:44px;color:#4f46e5}.error{color:#b42318}</style></head>
<body><main><h1>${session.mode === 'payment' ? 'Pay by card' : 'Save a card'}</h1>
<p>Test mode: a local stand-in for Stripe's checkout page. Use a test card such as 4242 4242 4242 4242.</p>
${error ? `<p class="error" role="alert">${escapeAttr(error)}</p>` : ''}
<form method="post"><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiration (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required>
<label for="cvc">Security code (CVC)</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${amount}</button></form>${cancel}</main></body></html>`;
  }

  /** The hosted page: GET shows the form, POST takes the card, saves or charges it, and redirects. */
  async function hostedPage(req: IncomingMessage, res: ServerResponse, id: string, body: string): Promise<void> {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    const session = objects.get(id);
    if (session?.object !== 'checkout.session')
      return html(404, '<!doctype html><title>Not found</title><h1>No such session</h1>');
    if (session.status !== 'open')
      return html(410, '<!doctype html><title>Expired</title><h1>This page was used already</h1>');
    if (req.method !== 'POST') return html(200, checkoutPage(session));
    const card = cardOf(new URLSearchParams(body));
    if (typeof card === 'string') return html(400, checkoutPage(session, card));
    if (session.mode === 'payment' && card.behaviour === 'declines')
      return html(402, checkoutPage(session, 'Your card was declined. Try another card.'));
    const paymentMethod: StripeObject = {
      id: idOf('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.month,
        exp_year: card.year,
        funding: 'credit',
        country: 'US',
      },
      customer: session.customer ?? null,
      created: seconds(),
    };
    objects.set(paymentMethod.id, paymentMethod);
    behaviours.set(paymentMethod.id, card.behaviour);
    const shown = () => {
      const { _setup_metadata: _a, _payment_metadata: _b, ...rest } = session;
      return { ...rest, id: session.id, object: 'checkout.session' };
    };
    if (session.mode === 'setup') {
      const intent: StripeObject = {
        id: idOf('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        usage: 'off_session',
        customer: session.customer ?? null,
        payment_method: paymentMethod.id,
        metadata: session._setup_metadata ?? {},
        created: seconds(),
      };
      objects.set(intent.id, intent);
      Object.assign(session, { status: 'complete', setup_intent: intent.id });
      await emit('setup_intent.succeeded', intent);
    } else {
      const intent: StripeObject = {
        id: idOf('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: 'usd',
        customer: session.customer ?? null,
        payment_method: paymentMethod.id,
        metadata: session._payment_metadata ?? {},
        status: 'succeeded',
        last_payment_error: null,
        created: seconds(),
      };
      objects.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      await emit('payment_intent.succeeded', intent);
    }
    await emit('checkout.session.completed', shown());
    res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  async function route(method: string, path: string, form: Record<string, unknown>): Promise<unknown> {
    const [, version, resource, id] = path.split('/');
    if (version !== 'v1')
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path})`,
      });
    if (method === 'POST' && resource === 'customers' && !id) {
      const customer: StripeObject = {
        id: idOf('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
        created: seconds(),
      };
      objects.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && resource === 'customers' && id) return find(id, 'customer');
    if (method === 'POST' && resource === 'payment_intents' && !id) return createPaymentIntent(form);
    if (method === 'GET' && resource === 'payment_intents' && id) return find(id, 'payment_intent');
    if (method === 'POST' && resource === 'refunds' && !id) return createRefund(form);
    if (method === 'POST' && resource === 'checkout' && id === 'sessions' && !path.split('/')[4])
      return createCheckoutSession(form);
    if (method === 'GET' && resource === 'checkout' && id === 'sessions' && path.split('/')[4]) {
      const {
        _setup_metadata: _a,
        _payment_metadata: _b,
        ...shown
      } = find(String(path.split('/')[4]), 'checkout.session');
      return shown;
    }
    if (method === 'GET' && resource === 'setup_intents' && id) return find(id, 'setup_intent');
    if (method === 'GET' && resource === 'payment_methods' && id) return find(id, 'payment_method');
    if (method === 'POST' && resource === 'payment_methods' && id && path.endsWith('/detach')) {
      const card = find(id, 'payment_method');
      card.customer = null;
      await emit('payment_method.detached', card);
      return card;
    }
    if (method === 'GET' && resource === 'events' && id) {
      const event = events.find((each) => each.id === id);
      if (event) return event;
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const page = /^\/c\/pay\/(cs_test_\w+)$/.exec(new URL(req.url ?? '/', 'http://stand-in').pathname);
    if (page?.[1]) return hostedPage(req, res, page[1], Buffer.concat(chunks).toString('utf8'));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': idOf('req') });
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (remembered) {
      // A request with the key still under way is waited for: the same key, the same one answer.
      const answer = await remembered;
      res.setHeader('idempotent-replayed', 'true');
      send(answer.status, answer.body);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const answering = (async (): Promise<{ status: number; body: unknown }> => {
      try {
        return {
          status: 200,
          body: await route(req.method ?? 'GET', url.pathname, parseForm(Buffer.concat(chunks).toString('utf8'))),
        };
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return { status: error.status, body: { error: error.body } };
      }
    })();
    if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, answering);
    const answer = await answering;
    send(answer.status, answer.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The stand-in failed' } }));
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    setWebhook: (url, secret) => {
      webhook.url = url;
      webhook.secret = secret;
    },
    events,
    deliveries,
    resend: async (eventId) => {
      const event = events.find((each) => each.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  loadEnvFiles();
  const config = loadConfig();
  const port = Number(process.argv[2] ?? 12111);
  const webhookUrl = process.argv[3] ?? `http://127.0.0.1:${config.port}/api/payments/stripe/webhook`;
  const standIn = await startStripeStandIn({
    port,
    webhookUrl,
    ...(config.stripeWebhookSecret ? { webhookSecret: config.stripeWebhookSecret } : {}),
  });
  console.log(`Stripe stand-in at ${standIn.url} (set STRIPE_API_URL to it); webhooks to ${webhookUrl}`);
  if (!config.stripeWebhookSecret) console.log('STRIPE_WEBHOOK_SECRET is not set: no webhook is sent.');
}

if (import.meta.main) await main();
