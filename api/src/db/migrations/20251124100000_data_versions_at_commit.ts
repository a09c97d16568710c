import type { Knex } from 'knex';

const VERSIONED_TABLES = ['leads', 'activities', 'automations', 'templates'];

// A table's change counter is one row, so a transaction that bumps it holds that row's lock until it
// ends. Bumped by a statement trigger, the lock was taken mid-transaction and held across every later
// round trip to the app (a quote's outbox event, the commit itself): under load, each new lead waited
// for the previous one's trip through a busy event loop (457 POST /api/leads a second at 100k leads).
// Now the bump is a deferred constraint trigger: it runs inside COMMIT, once per table and transaction
// (a transaction-local flag), so the row is locked only while PostgreSQL finishes the commit. It still
// fires only for rows a statement changed, and commits with the data it describes. TRUNCATE keeps its
// immediate statement trigger (constraint triggers are row triggers).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function bump_data_version_at_commit() returns trigger language plpgsql as $$
    declare
      flag text := 'shine.data_version_bumped_' || tg_argv[0];
    begin
      if coalesce(current_setting(flag, true), '') <> '1' then
        update data_versions set version = version + 1 where name = tg_argv[0];
        perform set_config(flag, '1', true);
      end if;
      return null;
    end
    $$`);
  for (const table of VERSIONED_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await knex.raw(`drop trigger ${table}_data_version_${event} on ${table}`);
    }
    await knex.raw(`
      create constraint trigger ${table}_data_version_at_commit
      after insert or update or delete on ${table}
      deferrable initially deferred
      for each row execute function bump_data_version_at_commit('${table}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await knex.raw(`drop trigger ${table}_data_version_at_commit on ${table}`);
    await knex.raw(`
      create trigger ${table}_data_version_insert after insert on ${table}
      referencing new table as changed_rows
      for each statement execute function bump_data_version_if_changed('${table}')`);
    await knex.raw(`
      create trigger ${table}_data_version_update after update on ${table}
      referencing new table as changed_rows
      for each statement execute function bump_data_version_if_changed('${table}')`);
    await knex.raw(`
      create trigger ${table}_data_version_delete after delete on ${table}
      referencing old table as changed_rows
      for each statement execute function bump_data_version_if_changed('${table}')`);
  }
  await knex.raw('drop function bump_data_version_at_commit()');
}
