import type { Knex } from 'knex';

// The lead list shows each assignee's name, so a user's rename must move the list's ETag:
// users get a change counter like the other polled tables (the at-commit trigger of
// 20251124100000_data_versions_at_commit.ts, and the statement trigger for TRUNCATE).
export async function up(knex: Knex): Promise<void> {
  await knex.raw("insert into data_versions (name) values ('users') on conflict (name) do nothing");
  await knex.raw(`
    create constraint trigger users_data_version_at_commit
    after insert or update or delete on users
    deferrable initially deferred
    for each row execute function bump_data_version_at_commit('users')`);
  await knex.raw(`
    create trigger users_data_version_truncate after truncate on users
    for each statement execute function bump_data_version('users')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger users_data_version_truncate on users');
  await knex.raw('drop trigger users_data_version_at_commit on users');
  await knex.raw("delete from data_versions where name = 'users'");
}
