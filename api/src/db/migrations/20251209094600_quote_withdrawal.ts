import type { Knex } from 'knex';

// Staff may withdraw a sent or accepted quote (its link then books nothing), and a lead has at most
// one accepted version: sending a newer version retires every older one, accepted or not, and the
// partial unique index makes two accepted versions of one lead impossible whatever the timing. Older
// accepted versions kept side by side before this are retired first, the newest staying accepted.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quotes drop constraint if exists quotes_status_check');
  await knex.raw(`
    alter table quotes add constraint quotes_status_check
      check (status in ('draft', 'sent', 'accepted', 'declined', 'superseded', 'withdrawn'))
  `);
  await knex.raw(`
    update quotes set status = 'superseded', updated_at = now()
    where status = 'accepted'
      and exists (
        select 1 from quotes newer
        where newer.lead_id = quotes.lead_id and newer.status = 'accepted' and newer.version > quotes.version
      )
  `);
  await knex.raw(`create unique index quotes_one_accepted_per_lead on quotes (lead_id) where status = 'accepted'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists quotes_one_accepted_per_lead');
  await knex.raw(`update quotes set status = 'superseded' where status = 'withdrawn'`);
  await knex.raw('alter table quotes drop constraint if exists quotes_status_check');
  await knex.raw(`
    alter table quotes add constraint quotes_status_check
      check (status in ('draft', 'sent', 'accepted', 'declined', 'superseded'))
  `);
}
