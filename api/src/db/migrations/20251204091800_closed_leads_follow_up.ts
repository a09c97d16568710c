import type { Knex } from 'knex';

// A Won or Lost lead has no follow-up: closing a lead now clears its date (leads.service.ts). Leads
// closed before that rule keep theirs in the table, the export and the follow-up trigger; this clears
// them once, each with an audit row that keeps the old date (no actor: the product did it).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    with old as (
      select id, next_follow_up_at from leads
       where status in ('Won', 'Lost') and next_follow_up_at is not null
    ),
    cleared as (
      update leads set next_follow_up_at = null
        from old
       where leads.id = old.id
      returning leads.id, old.next_follow_up_at as was
    )
    insert into audit_log (actor_id, entity, entity_id, lead_id, action, before, after)
    select null, 'lead', id::text, id, 'updated',
           jsonb_build_object('nextFollowUpAt', to_char(was at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
           jsonb_build_object('nextFollowUpAt', null)
      from cleared`);
}

/** The old dates are in the audit rows; they are not put back on closed leads. */
export async function down(): Promise<void> {}
