import type { Knex } from 'knex';

// Where the crew cleans, on the lead (docs/decisions.md, "Service address"): four text columns, all
// three required parts present or none (line2, the unit, is optional). Every visit of the lead goes
// there, so the Schedule, the e-mails and the calendar files read the address as it is now.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table leads
      add column service_line1 text,
      add column service_line2 text,
      add column service_city text,
      add column service_zip text,
      add constraint leads_service_address_whole check (
        (service_line1 is null and service_line2 is null and service_city is null and service_zip is null)
        or (service_line1 is not null and service_city is not null and service_zip is not null)
      )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table leads
      drop constraint if exists leads_service_address_whole,
      drop column if exists service_line1,
      drop column if exists service_line2,
      drop column if exists service_city,
      drop column if exists service_zip
  `);
}
