// A write answers once this process has heard every notification committed before it answers
// (db/notifications.ts): the change counters and sessions cached in memory (db/data-versions.ts,
// db/session-cache.ts) already show the write when its client asks again, here or, in practice, in
// another process (PostgreSQL signals every listener at the same commit). Reads answer at once.
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { notificationsHeard } from '../db/notifications.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function answerWritesWhenHeard(db: Knex): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const end = res.end;
    res.end = function endWhenHeard(this: typeof res, ...args: Parameters<typeof end>) {
      notificationsHeard(db).then(() => end.apply(this, args));
      return this;
    } as typeof end;
    next();
  };
}
