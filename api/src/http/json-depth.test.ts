import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';

/** Nesting depth of a parsed JSON value: a scalar is 0, `[]` and `{}` are 1. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('exceedsJsonDepth', () => {
  it('agrees with the depth of the parsed value for any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        expect(exceedsJsonDepth(bytes(JSON.stringify(value)), limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('allows exactly the limit and refuses one level more', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(exceedsJsonDepth(bytes(`{"a":${nested(MAX_JSON_DEPTH)}}`))).toBe(true);
  });

  it('does not count brackets inside strings, also after escaped quotes and backslashes', () => {
    const text = JSON.stringify({ note: `[{"${'['.repeat(100)}\\"\\\\${'{'.repeat(100)}` });
    expect(exceedsJsonDepth(bytes(text), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes(JSON.stringify(['a\\', ['b"', ['c']]])), 2)).toBe(true);
  });
});
