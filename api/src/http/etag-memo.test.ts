import { describe, expect, it } from 'vitest';
import { createEtagMemo } from './etag-memo.ts';

describe('createEtagMemo', () => {
  it('computes once per tag, shares a computation in flight, and recomputes for a new tag', async () => {
    const memo = createEtagMemo<number>(2);
    let calls = 0;
    const compute = async () => {
      calls += 1;
      return calls;
    };
    const [a, b] = await Promise.all([memo.get('v1', compute), memo.get('v1', compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await memo.get('v2', compute)).toBe(2);
    expect(await memo.get('v1', compute)).toBe(1);
  });

  it('evicts the least recently used tag beyond its capacity', async () => {
    const memo = createEtagMemo<string>(2);
    await memo.get('a', async () => 'a1');
    await memo.get('b', async () => 'b1');
    await memo.get('a', async () => 'a2'); // a is now the most recent
    await memo.get('c', async () => 'c1'); // evicts b
    expect(await memo.get('a', async () => 'a3')).toBe('a1');
    expect(await memo.get('b', async () => 'b2')).toBe('b2');
  });

  it('does not remember a failure', async () => {
    const memo = createEtagMemo<string>(2);
    await expect(memo.get('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await memo.get('a', async () => 'ok')).toBe('ok');
  });
});
