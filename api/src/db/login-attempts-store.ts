// Sign-in buckets in the database (table login_attempts), so every API process shares them. A bucket
// counts failures and says when its next attempt may run; auth/login-throttle.ts decides which bucket
// an attempt belongs to and with which policy.
import type { Knex } from 'knex';

const SWEEP_EVERY_MS = 60_000;

export interface BackoffPolicy {
  /** Failures that cost no wait. */
  freeFailures: number;
  /** The wait after the last free failure; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A bucket with no failure for this long is forgotten. */
  forgetAfterMs: number;
}

/** How long the next attempt must wait after `failures` failures. */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures));
}

/** `go`: the attempt is counted as a failure until forgive(); `wait`: refused, nothing counted. */
export type Claim = { go: true } | { go: false; retryAfterMs: number };

export class LoginAttemptStore {
  private readonly db: Knex;
  private lastSweep = 0;

  constructor(db: Knex) {
    this.db = db;
  }

  /**
   * Counts an attempt before the password is checked, as if it failed: concurrent attempts each take a
   * place in the count (no check-then-act race between processes), and a success gives it back. An
   * attempt refused because the bucket must wait changes nothing, so hammering never extends the wait.
   */
  async claim(key: string, policy: BackoffPolicy, now: Date): Promise<Claim> {
    const at = now.getTime();
    const claim = await this.db.transaction(async (trx): Promise<Claim> => {
      // The no-op update locks the row (a new one or the existing one) until the transaction ends.
      const result = await trx.raw<{ rows: Array<{ failures: number; blocked_until: Date; forget_at: Date }> }>(
        `insert into login_attempts as a (key, failures, blocked_until, forget_at) values (?, 0, ?, ?)
         on conflict (key) do update set failures = a.failures
         returning failures, blocked_until, forget_at`,
        [key, now, now],
      );
      const row = result.rows[0];
      if (!row) throw new Error('login_attempts upsert returned no row');
      const live = new Date(row.forget_at).getTime() > at;
      const blockedUntil = new Date(row.blocked_until).getTime();
      if (live && blockedUntil > at) return { go: false, retryAfterMs: blockedUntil - at };
      const failures = (live ? row.failures : 0) + 1;
      await trx('login_attempts')
        .where({ key })
        .update({
          failures,
          blocked_until: new Date(at + backoffDelayMs(failures, policy)),
          forget_at: new Date(at + policy.forgetAfterMs),
        });
      return { go: true };
    });
    this.sweepForgotten(now);
    return claim;
  }

  /** A claimed attempt that succeeded is not a failure. */
  async forgive(key: string): Promise<void> {
    await this.db('login_attempts')
      .where({ key })
      .where('failures', '>', 0)
      .update({ failures: this.db.raw('failures - 1') });
  }

  /** Deletes forgotten buckets, at most once a minute per process, without blocking the request. */
  private sweepForgotten(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    this.db('login_attempts')
      .where('forget_at', '<', now)
      .delete()
      .catch(() => {
        // best effort: the next sweep tries again
      });
  }
}
