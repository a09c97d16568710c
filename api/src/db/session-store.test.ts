import type { SessionData } from 'express-session';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseSessionStore, TOUCH_INTERVAL_MS } from './session-store.ts';

function storeAt(now: { value: number }) {
  // The wrapped store only needs knex for its own calls; they are replaced by spies below.
  const fakeKnex = { schema: { hasTable: async () => true } } as unknown as Knex;
  const store = new DatabaseSessionStore({ db: fakeKnex, logger: pino({ level: 'silent' }), now: () => now.value });
  const set = vi.spyOn(store, 'refresh').mockResolvedValue();
  return { store, set };
}

const session = (touchedAt?: number) =>
  ({
    cookie: { originalMaxAge: 1000, expires: new Date() },
    ...(touchedAt ? { touchedAt } : {}),
  }) as unknown as SessionData;

describe('DatabaseSessionStore.touch', () => {
  it('skips the write while the last one is under 5 minutes old', async () => {
    const now = { value: 1_000_000 };
    const { store, set } = storeAt(now);
    const data = session(now.value - TOUCH_INTERVAL_MS + 1000);
    const done = vi.fn();
    store.touch('sid', data, done);
    expect(set).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledOnce();
    store.close();
  });

  it('writes the session with a new touchedAt once the interval has passed', async () => {
    const now = { value: 1_000_000 };
    const { store, set } = storeAt(now);
    const data = session(now.value - TOUCH_INTERVAL_MS);
    await new Promise<void>((resolve) => store.touch('sid', data, () => resolve()));
    expect(set).toHaveBeenCalledExactlyOnceWith('sid', data, now.value);
    expect(data.touchedAt).toBe(now.value);
    store.close();
  });

  it('reports a database failure to the callback instead of throwing', async () => {
    const failing = { schema: { hasTable: async () => true } } as unknown as Knex;
    const store = new DatabaseSessionStore({ db: failing, logger: pino({ level: 'silent' }) });
    const error = await new Promise((resolve) => store.get('sid', (err) => resolve(err)));
    expect(error).toBeInstanceOf(Error);
    store.close();
  });
});
