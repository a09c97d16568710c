import type { Knex } from 'knex';

// When the crew began a visit (the crew's day page's Start): the visit stays scheduled until it is
// marked completed, so every rule about scheduled visits (capacity, the customer's link, My Day) holds
// for it; the time says it is under way.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table visits add column started_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table visits drop column started_at');
}
