import type { Knex } from 'knex';

// A visit's identity in the customer's calendar (docs/decisions.md, "Calendar files"):
// - calendar_uid: the event's UID (with the company's host after an @), kept for the visit's life.
//   A customer's reschedule lays the series again, and each new visit takes over the UID of the one
//   it replaces, so an imported file updates the events already there instead of adding beside them.
//   Visits booked before this column were sent with their own id: that stays their UID.
// - calendar_sequence: RFC 5545's SEQUENCE, raised with every change the customer is told of (a move,
//   a cancellation, a visit put back).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table visits
      add column calendar_uid uuid not null default gen_random_uuid(),
      add column calendar_sequence integer not null default 0 check (calendar_sequence >= 0)`);
  await knex.raw('update visits set calendar_uid = id');
  await knex.raw('create unique index visits_calendar_uid_key on visits (calendar_uid)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists visits_calendar_uid_key');
  await knex.raw('alter table visits drop column calendar_sequence, drop column calendar_uid');
}
