// A write answers once this process has heard every signal committed before it answers
// (db/listen-notify.ts): the change counters and sessions cached in memory (db/data-versions.ts,
// db/session-cache.ts) already show the write when its client asks again, here or, in practice, in
// another process (PostgreSQL signals every listener at the same commit). Reads answer at once, and
// so does a refused write (4xx): a refused write changes nothing (docs/security.md, the injection row), so there is
// nothing for any process to hear.
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { CACHE_MAX_LAG_MS } from '../db/invalidation-feed.ts';
import { signalsHeard } from '../db/listen-notify.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isRefusal = (status: number) => status >= 400 && status < 500;

/**
 * Holds a write's answer until `ready` resolves (the change itself is committed before res.end);
 * a refusal is answered at once.
 */
export function holdWrites(ready: () => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const end = res.end;
    res.end = function endWhenReady(this: typeof res, ...args: Parameters<typeof end>) {
      if (isRefusal(this.statusCode)) return end.apply(this, args);
      ready().then(() => end.apply(this, args));
      return this;
    } as typeof end;
    next();
  };
}

export function answerWritesWhenHeard(db: Knex): RequestHandler {
  return holdWrites(() => signalsHeard(db));
}

/**
 * For the writes that take access away (sign-out, a password or role change, a disabled person): the
 * answer waits until no process can still trust a cache that predates the change. A process answers
 * from its caches only while it has heard everything committed more than CACHE_MAX_LAG_MS ago, so
 * once that much time has passed since the commit, every process either has heard the revocation or
 * reads the database: the cookie is refused everywhere on the very next request, not merely soon.
 * These writes are rare; the others keep answering as soon as their own process has heard them.
 */
export function answerRevocationsWhenEverywhere(db: Knex): RequestHandler {
  return holdWrites(async () => {
    const committed = performance.now();
    await signalsHeard(db);
    const left = CACHE_MAX_LAG_MS - (performance.now() - committed);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  });
}
