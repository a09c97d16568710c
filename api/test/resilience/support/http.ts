// Small HTTP helpers for the black-box tests that run the server as a process.
import { createHash } from 'node:crypto';
import type { QuoteRequestInput } from '@shine/shared/quote-request';
import type { Lead } from '@shine/shared/types';
import { TEST_ADMIN } from './server-process.ts';

export interface Outcome {
  status: number;
  /** The parsed JSON body, when there was one. */
  body: unknown;
  ms: number;
  /** A network-level failure (refused, reset, timeout): no answer at all. */
  error?: string;
}

/**
 * A distinct request per (tag, index): distinct e-mail and phone digits, so that none is merged into
 * an earlier open lead as a repeat request (which answers a receipt, not a stored lead's id).
 */
export function buildQuote(tag: string, index: number): QuoteRequestInput {
  const tagDigits = String(Number.parseInt(createHash('sha1').update(tag).digest('hex').slice(0, 8), 16) % 1e6);
  return {
    firstName: `Res${index}`,
    lastName: tag,
    email: `${tag}-${index}@example.com`.toLowerCase(),
    phone: `214-${tagDigits.padStart(6, '0')}-${String(index).padStart(6, '0')}`,
    zipcode: '75201',
    bedrooms: '3',
    bathrooms: '2',
    cleaningType: 'Deep',
    frequency: 'Biweekly',
    notes: `resilience ${tag} #${index}`,
  };
}

export async function send(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text so the assertion can show it
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: undefined, ms: performance.now() - started, error: cause?.code ?? (error as Error).name };
  }
}

export function postQuote(baseUrl: string, quote: QuoteRequestInput, timeoutMs = 10_000): Promise<Outcome> {
  return send(`${baseUrl}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(quote),
    timeoutMs,
  });
}

/** Signs the test admin in and answers the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return cookies.join('; ');
}

/** Every lead id the API lists, page by page. */
export async function listAllLeadIds(baseUrl: string, cookie: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const response = await fetch(`${baseUrl}/api/admin/leads?page=${page}&pageSize=200&sort=createdAt&order=asc`, {
      headers: { cookie },
    });
    if (response.status !== 200) throw new Error(`listing leads failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { items: Lead[]; total: number };
    for (const lead of body.items) ids.add(lead.id);
    if (body.items.length === 0 || ids.size >= body.total) return ids;
  }
}

/**
 * Runs `worker` on `concurrency` loops until `stop()` is called; answers every outcome with the time
 * it was sent, so a test can tell what happened before, during and after a fault.
 */
export function runLoad<T extends Outcome>(
  concurrency: number,
  worker: (index: number) => Promise<T>,
): { stop: () => Promise<Array<T & { sentAt: number }>>; results: Array<T & { sentAt: number }> } {
  const results: Array<T & { sentAt: number }> = [];
  let running = true;
  let next = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const sentAt = Date.now();
      const outcome = await worker(next++);
      results.push({ ...outcome, sentAt });
      // A refused connection answers at once: don't spin on a dead port.
      if (outcome.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    results,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}
