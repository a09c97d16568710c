// A local stand-in for the card processor (Stripe): an HTTP server speaking the subset of Stripe's
// REST API the product uses, driven by the official `stripe` SDK pointed at it (STRIPE_API_URL), so
// tests and demos never reach the real service. It keeps its objects in memory, honours
// Idempotency-Key as Stripe does (the same key, the same answer), follows Stripe's documented test
// payment methods (pm_card_visa succeeds, pm_card_chargeDeclined declines, and
// pm_card_authenticationRequired asks for authentication), and signs its webhook events as Stripe
// does (Stripe-Signature: t=…,v1=HMAC-SHA256). For a demo beside `pnpm start`:
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
  close: () => Promise<void>;
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** Stripe's documented test payment methods and what confirming a payment with each does. */
const TEST_METHODS: Record<string, 'succeeds' | 'declines' | 'authentication'> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_amex: 'succeeds',
  pm_card_discover: 'succeeds',
  pm_card_chargeDeclined: 'declines',
  pm_card_chargeCustomerFail: 'declines',
  pm_card_authenticationRequired: 'authentication',
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

/** Stripe's form encoding (a[b]=c) as one level of nesting: enough for metadata. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested?.[1] && nested[2]) {
      const inner = (out[nested[1]] as Record<string, string> | undefined) ?? {};
      inner[nested[2]] = value;
      out[nested[1]] = inner;
    } else out[key] = value;
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
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const events: StripeEvent[] = [];
  const deliveries: StripeStandIn['deliveries'] = [];

  async function deliver(event: StripeEvent): Promise<number> {
    if (!options.webhookUrl || !options.webhookSecret) return 0;
    const payload = JSON.stringify(event);
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(options.webhookSecret, payload, seconds()),
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
    const outcome = TEST_METHODS[String(form.payment_method)];
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
      res.setHeader('idempotent-replayed', 'true');
      send(remembered.status, remembered.body);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let answer: { status: number; body: unknown };
    try {
      answer = {
        status: 200,
        body: await route(req.method ?? 'GET', url.pathname, parseForm(Buffer.concat(chunks).toString('utf8'))),
      };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, answer);
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
  return {
    url: `http://127.0.0.1:${port}`,
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
