import { describe, expect, it, vi } from 'vitest';
import { checkServerHealth, describeNetworkError, type FetchLike } from './server-health.ts';

const SERVER = 'https://crm.example.com';

function answering(status: number, body: unknown): FetchLike & ReturnType<typeof vi.fn> {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('checkServerHealth', () => {
  it('is ok when GET /api/health answers 200 { ok: true }, asking without cookies and without following redirects', async () => {
    const fetchFn = answering(200, { ok: true, db: 'up' });
    await expect(checkServerHealth(SERVER, fetchFn)).resolves.toEqual({ ok: true });
    expect(fetchFn).toHaveBeenCalledOnce();
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://crm.example.com/api/health');
    expect(init).toMatchObject({ method: 'GET', redirect: 'error', credentials: 'omit', cache: 'no-store' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('reports a database outage (503 with a health body)', async () => {
    const result = await checkServerHealth(SERVER, answering(503, { ok: false, db: 'down' }));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/database is unavailable/) });
  });

  it('says the address is not a Shine server when /api/health is missing or not JSON', async () => {
    for (const fetchFn of [answering(404, '<h1>Not found</h1>'), answering(200, '<html>router login</html>')]) {
      const result = await checkServerHealth(SERVER, fetchFn);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/not like a Lone Star Shine server/);
    }
  });

  it('turns a network failure into a sentence', async () => {
    const fetchFn: FetchLike = async () => {
      throw new Error('net::ERR_CONNECTION_REFUSED');
    };
    expect(await checkServerHealth(SERVER, fetchFn)).toEqual({
      ok: false,
      message: 'Nothing is answering at https://crm.example.com. Is the server running, and is the port right?',
    });
  });

  it('gives up after the timeout', async () => {
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const result = await checkServerHealth(SERVER, hanging, 20);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/did not answer within 0 seconds/) });
  });
});

describe('describeNetworkError', () => {
  it.each([
    ['net::ERR_NAME_NOT_RESOLVED', /cannot be found/],
    ['net::ERR_CERT_AUTHORITY_INVALID', /certificate .* is not trusted/],
    ['net::ERR_SSL_PROTOCOL_ERROR', /use http:\/\/ instead/],
    ['net::ERR_INTERNET_DISCONNECTED', /This computer is offline/],
    ["Attempted to redirect, but redirect policy was 'error'", /redirects to another address/],
    ['net::ERR_FAILED', /Cannot reach https:\/\/crm\.example\.com/],
  ])('%s', (text, expected) => {
    expect(describeNetworkError(SERVER, new Error(text))).toMatch(expected);
  });
});
