import type { Knex } from 'knex';

const VERSIONED_TABLES = ['leads', 'activities', 'automations', 'templates'];

export async function up(knex: Knex): Promise<void> {
  // A change counter per table, bumped by a statement-level trigger in the writing transaction: the
  // ETag of a polled read is a couple of these numbers instead of a hash of the result, and it turns
  // visible exactly when the data does. Triggers also count writes made outside the API (seed, jobs).
  await knex.raw(`
    create table data_versions (
      name text primary key,
      version bigint not null default 0
    )`);
  await knex.raw(`
    create function bump_data_version() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = tg_argv[0];
      return null;
    end
    $$`);
  for (const table of VERSIONED_TABLES) {
    await knex.raw('insert into data_versions (name) values (?)', [table]);
    await knex.raw(`
      create trigger ${table}_data_version
      after insert or update or delete or truncate on ${table}
      for each statement execute function bump_data_version('${table}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of VERSIONED_TABLES) await knex.raw(`drop trigger if exists ${table}_data_version on ${table}`);
  await knex.raw('drop function if exists bump_data_version()');
  await knex.raw('drop table if exists data_versions');
}
