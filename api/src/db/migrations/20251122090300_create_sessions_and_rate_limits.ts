import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The layout connect-session-knex expects (sid, sess, expired); created here so that the store
  // never creates tables itself.
  await knex.raw(`
    create table sessions (
      sid varchar(255) primary key,
      sess json not null,
      expired timestamptz not null
    )`);
  await knex.raw('create index sessions_expired_idx on sessions (expired)');

  // express-rate-limit counters, shared by every API process (see rate-limit-store.ts).
  await knex.raw(`
    create table rate_limits (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    )`);
  await knex.raw('create index rate_limits_reset_at_idx on rate_limits (reset_at)');

  // Secrets the server generates for itself when none is configured (the session cookie secret).
  await knex.raw(`
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists app_secrets');
  await knex.raw('drop table if exists rate_limits');
  await knex.raw('drop table if exists sessions');
}
