import type { Knex } from 'knex';

// Rate-limit counters are written on every public quote and every sign-in attempt. As an unlogged
// table they skip the write-ahead log, so each hit no longer waits for a disk flush (~4 ms a commit
// on the bench machine, most of a quote's cost). What that gives up is harmless for counters that
// live a minute or fifteen: after a crash (not a clean restart) the table starts empty, and standbys
// do not carry it, so a failover also resets every client's budget.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table rate_limits set unlogged');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table rate_limits set logged');
}
