import type { Knex } from 'knex';

// Failed sign-ins per bucket (auth/login-throttle.ts): a username's attempts from unknown clients,
// and each known device's. `blocked_until` is when the bucket's next attempt may run (exponential
// back-off, or a device's lockout); `forget_at` is when the whole row no longer counts. Unlogged like
// rate_limits: counters are written on every attempt, and losing them in a crash is harmless.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table login_attempts (
      key text primary key,
      failures integer not null,
      blocked_until timestamptz not null,
      forget_at timestamptz not null
    )`);
  await knex.raw('create index login_attempts_forget_at_idx on login_attempts (forget_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists login_attempts');
}
