import type { Knex } from 'knex';

// The send budget of automations (docs/security.md, review finding 12): a rule on lead_created lets
// any visitor make the product mail any address with text they wrote, so automated sends are capped
// per recipient and in total per hour. A message over the budget is held, not dropped: it stays in
// the outbox with its reason and goes out when the hour allows (see docs/decisions.md).
// - automation_messages.budget_at: when the message was granted its send (what the hourly counts
//   count); recipient_key: its recipient normalised (e-mail lower-cased, phone as E.164);
//   held_until: when a held message is tried again.
// - status 'held' for messages and runs; automation_runs.holds: how often the run was released
//   after a hold (each release queues a job of its own, see engine.ts jobIdOf).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table automation_messages
      add column budget_at timestamptz,
      add column recipient_key text,
      add column held_until timestamptz,
      drop constraint automation_messages_status_check,
      add constraint automation_messages_status_check
        check (status in ('pending', 'sent', 'not_sent', 'failed', 'held'))`);
  await knex.raw(`
    alter table automation_runs
      add column holds integer not null default 0,
      drop constraint automation_runs_status_check,
      add constraint automation_runs_status_check
        check (status in ('queued', 'running', 'retrying', 'succeeded', 'failed', 'skipped', 'held'))`);
  // What went out before counts for the first hour after the upgrade too.
  await knex.raw(`
    update automation_messages
       set budget_at = sent_at,
           recipient_key = case
             when channel = 'email' then 'email:' || lower(btrim(recipient))
             when length(regexp_replace(recipient, '[^0-9]', '', 'g')) = 10
               then 'sms:+1' || regexp_replace(recipient, '[^0-9]', '', 'g')
             when regexp_replace(recipient, '[^0-9]', '', 'g') ~ '^1[0-9]{10}$'
               then 'sms:+' || regexp_replace(recipient, '[^0-9]', '', 'g')
             else 'sms:' || btrim(recipient)
           end
     where status = 'sent'`);
  // The two counts of the budget: every slot of the last hour, and a recipient's.
  await knex.raw(
    'create index automation_messages_budget_idx on automation_messages (budget_at) where budget_at is not null',
  );
  await knex.raw(
    'create index automation_messages_recipient_budget_idx on automation_messages (recipient_key, budget_at) where budget_at is not null',
  );
  // The scan's release of held messages whose hour has passed.
  await knex.raw("create index automation_messages_held_idx on automation_messages (held_until) where status = 'held'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("update automation_messages set status = 'pending' where status = 'held'");
  await knex.raw("update automation_runs set status = 'queued' where status = 'held'");
  await knex.raw(`
    alter table automation_messages
      drop column budget_at,
      drop column recipient_key,
      drop column held_until,
      drop constraint automation_messages_status_check,
      add constraint automation_messages_status_check check (status in ('pending', 'sent', 'not_sent', 'failed'))`);
  await knex.raw(`
    alter table automation_runs
      drop column holds,
      drop constraint automation_runs_status_check,
      add constraint automation_runs_status_check
        check (status in ('queued', 'running', 'retrying', 'succeeded', 'failed', 'skipped'))`);
}
