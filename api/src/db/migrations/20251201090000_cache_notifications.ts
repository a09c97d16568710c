import type { Knex } from 'knex';

// Revalidation without the database (docs/decisions.md): each process keeps sessions and the change
// counters in memory (db/session-cache.ts, db/data-versions.ts), and the database tells every
// process when they change, in the changing transaction, so whatever writes them (the API, a CLI,
// the expired session cleanup, a test's TRUNCATE) invalidates every cache at its commit:
// - a session row updated or deleted notifies its sid on `shine_sessions`; TRUNCATE notifies `*`;
// - a change counter bumped notifies `table:version` on `shine_data_versions`.
// Channels are per schema, named as db/listen-notify.ts's channelFor names them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function shine_channel(base text, schema_name text) returns text language sql immutable as $$
      select case when schema_name = 'public' then base else left(base || '__' || schema_name, 63) end
    $$`);

  await knex.raw(`
    create function notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(shine_channel('shine_sessions', tg_table_schema), old.sid);
      return null;
    end
    $$`);
  await knex.raw(`
    create function notify_sessions_truncated() returns trigger language plpgsql as $$
    begin
      perform pg_notify(shine_channel('shine_sessions', tg_table_schema), '*');
      return null;
    end
    $$`);
  await knex.raw(`
    create trigger sessions_changed after update or delete on sessions
    for each row execute function notify_session_change()`);
  await knex.raw(`
    create trigger sessions_truncated after truncate on sessions
    for each statement execute function notify_sessions_truncated()`);

  await knex.raw(`
    create or replace function bump_data_version_at_commit() returns trigger language plpgsql as $$
    declare
      flag text := 'shine.data_version_bumped_' || tg_argv[0];
      bumped bigint;
    begin
      if coalesce(current_setting(flag, true), '') <> '1' then
        update data_versions set version = version + 1 where name = tg_argv[0] returning version into bumped;
        perform set_config(flag, '1', true);
        perform pg_notify(shine_channel('shine_data_versions', tg_table_schema), tg_argv[0] || ':' || bumped);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create or replace function bump_data_version() returns trigger language plpgsql as $$
    declare
      bumped bigint;
    begin
      update data_versions set version = version + 1 where name = tg_argv[0] returning version into bumped;
      perform pg_notify(shine_channel('shine_data_versions', tg_table_schema), tg_argv[0] || ':' || bumped);
      return null;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function bump_data_version() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = tg_argv[0];
      return null;
    end
    $$`);
  await knex.raw(`
    create or replace function bump_data_version_at_commit() returns trigger language plpgsql as $$
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
  await knex.raw('drop trigger sessions_truncated on sessions');
  await knex.raw('drop trigger sessions_changed on sessions');
  await knex.raw('drop function notify_sessions_truncated()');
  await knex.raw('drop function notify_session_change()');
  await knex.raw('drop function shine_channel(text, text)');
}
