import type { Knex } from 'knex';

// Overdue tasks (metrics) are pending tasks whose scheduled time has passed. The metrics ETag asks
// only for the latest such time: with this index that is one backward probe instead of a count over
// every pending activity (158 ms a poll at 100k leads and 290k activities, docs/performance.md).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index activities_pending_tasks_due_idx on activities (scheduled_at) where status = 'pending' and type = 'task'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activities_pending_tasks_due_idx');
}
