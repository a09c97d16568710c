import { describe, expect, it } from 'vitest';
import { HttpError, readErrorMessage, readServerMessage, throwIfNotOk } from './http-error.ts';

describe('readErrorMessage', () => {
  it('prefers the JSON message, then the status text, then HTTP status', async () => {
    expect(await readErrorMessage(new Response(JSON.stringify({ message: 'Nope' }), { status: 400 }))).toBe('Nope');
    expect(await readErrorMessage(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))).toBe(
      'Bad Gateway',
    );
    expect(await readErrorMessage(new Response(null, { status: 503 }))).toBe('HTTP 503');
  });
});

describe('readServerMessage', () => {
  it('reads only a non-empty JSON message', async () => {
    expect(await readServerMessage(new Response(JSON.stringify({ message: 'Locked' }), { status: 429 }))).toBe(
      'Locked',
    );
    expect(await readServerMessage(new Response(JSON.stringify({ message: '' }), { status: 400 }))).toBeUndefined();
    expect(await readServerMessage(new Response('<html>', { status: 502 }))).toBeUndefined();
  });
});

describe('throwIfNotOk', () => {
  it("keeps a 400's field issues next to its message", async () => {
    const body = { message: 'Invalid input', issues: [{ path: 'email', message: 'Email is taken' }, { bad: 1 }] };
    const failure = await throwIfNotOk(new Response(JSON.stringify(body), { status: 400 })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('Invalid input');
    expect((failure as HttpError).issues).toEqual([{ path: 'email', message: 'Email is taken' }]);
  });

  it('passes an OK answer through', async () => {
    const ok = new Response('{}', { status: 200 });
    await expect(throwIfNotOk(ok)).resolves.toBe(ok);
  });
});
