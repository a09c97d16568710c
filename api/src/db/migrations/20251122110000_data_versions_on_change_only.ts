import type { Knex } from 'knex';

const VERSIONED_TABLES = ['leads', 'activities', 'automations', 'templates'];

// The first change counters bumped on every write statement, even one that matched no row (a DELETE
// or UPDATE of an unknown id): a refused write then moved the polled reads' ETags for nothing. Now a
// statement bumps its table's counter only when it changed a row, seen through its transition table
// (PostgreSQL allows one event per trigger with a transition table, hence three triggers, plus
// TRUNCATE, which always changes the table).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function bump_data_version_if_changed() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed_rows) then
        update data_versions set version = version + 1 where name = tg_argv[0];
      end if;
      return null;
    end
    $$`);
  for (const table of VERSIONED_TABLES) {
    await knex.raw(`drop trigger ${table}_data_version on ${table}`);
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
    await knex.raw(`
      create trigger ${table}_data_version_truncate after truncate on ${table}
      for each statement execute function bump_data_version('${table}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await knex.raw(`drop trigger ${table}_data_version_${event} on ${table}`);
    }
    await knex.raw(`
      create trigger ${table}_data_version
      after insert or update or delete or truncate on ${table}
      for each statement execute function bump_data_version('${table}')`);
  }
  await knex.raw('drop function bump_data_version_if_changed()');
}
