import { describe, expect, it } from 'vitest';
import { readErrorMessage, readServerMessage } from './http-error.ts';

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
