import type { Knex } from 'knex';

// A visit can be skipped (one visit of a series left out, by the customer or staff): a skipped visit,
// like a cancelled one, keeps no crew busy, so the exclusion constraint leaves it out. flags: what staff
// should check on a visit ('moved_closed_day': its series' day was closed, it moved to the next free
// window).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table visits drop constraint if exists visits_status_check');
  await knex.raw(
    "alter table visits add constraint visits_status_check check (status in ('scheduled', 'completed', 'cancelled', 'skipped'))",
  );
  await knex.raw('alter table visits drop constraint visits_crew_free');
  await knex.raw(`
    alter table visits add constraint visits_crew_free
      exclude using gist (crew with =, tstzrange(starts_at, ends_at) with &&)
      where (status not in ('cancelled', 'skipped'))`);
  await knex.raw("alter table visits add column flags text[] not null default '{}'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("update visits set status = 'cancelled' where status = 'skipped'");
  await knex.raw('alter table visits drop column flags');
  await knex.raw('alter table visits drop constraint visits_crew_free');
  await knex.raw(`
    alter table visits add constraint visits_crew_free
      exclude using gist (crew with =, tstzrange(starts_at, ends_at) with &&)
      where (status <> 'cancelled')`);
  await knex.raw('alter table visits drop constraint if exists visits_status_check');
  await knex.raw(
    "alter table visits add constraint visits_status_check check (status in ('scheduled', 'completed', 'cancelled'))",
  );
}
