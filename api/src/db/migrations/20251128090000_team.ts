import type { Knex } from 'knex';

// A team, not one admin (docs/decisions.md, "Roles" and the rows after it):
// - users gain a display name, a role, a phone for alerts, a disabled mark, an "away" toggle with an
//   optional return date, an optional cap of open leads, and the instant their device cookies were
//   revoked (a cookie issued before it is no longer a known device). The username stays the sign-in
//   e-mail address. A user added from the Team section has no password until they use their set-up
//   link, so password_hash becomes nullable (a null hash never signs in).
// - user_setup_tokens: one-time set-up links (72 h). Only the SHA-256 of the token is stored.
// - assignment_rotation: the round robin's position, one row per rotation, so that several API
//   processes rotate one sequence (the row is locked while a lead is assigned).
// - audit_log: who changed what, when, before and after; written in the same transaction as the
//   change; a trigger refuses UPDATE and DELETE so no code path can rewrite history. No foreign keys:
//   an audit row outlives its lead, and a null actor is the automation engine or the CLI.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table users
      add column name text not null default '' check (length(name) <= 100),
      add column role text not null default 'admin' check (role in ('admin', 'sales')),
      add column phone text check (phone is null or length(phone) <= 40),
      add column disabled_at timestamptz,
      add column away boolean not null default false,
      add column away_until timestamptz,
      add column max_open_leads integer check (max_open_leads is null or max_open_leads between 1 and 10000),
      add column devices_revoked_at timestamptz,
      add column last_assigned_at timestamptz,
      alter column password_hash drop not null`);
  // Users made before teams existed: their display name is the part of the e-mail before the @.
  await knex.raw(`update users set name = left(split_part(username, '@', 1), 100) where name = ''`);

  await knex.raw(`
    create table user_setup_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
  await knex.raw('create index user_setup_tokens_user_id_idx on user_setup_tokens (user_id)');

  await knex.raw(`
    create table assignment_rotation (
      key text primary key,
      last_user_id uuid references users (id) on delete set null,
      turns bigint not null default 0,
      updated_at timestamptz not null default now()
    )`);

  await knex.raw(`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_id uuid,
      entity text not null check (entity in ('lead', 'user', 'automation', 'template', 'settings', 'export')),
      entity_id text,
      lead_id uuid,
      action text not null check (length(action) between 1 and 60),
      before jsonb,
      after jsonb
    )`);
  await knex.raw('create index audit_log_at_idx on audit_log (at desc, id desc)');
  await knex.raw('create index audit_log_lead_idx on audit_log (lead_id, at desc) where lead_id is not null');
  await knex.raw('create index audit_log_actor_idx on audit_log (actor_id, at desc)');
  await knex.raw('create index audit_log_entity_idx on audit_log (entity, at desc)');
  await knex.raw(`
    create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`);
  await knex.raw(`
    create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_is_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table audit_log');
  await knex.raw('drop function audit_log_is_append_only()');
  await knex.raw('drop table assignment_rotation');
  await knex.raw('drop table user_setup_tokens');
  await knex.raw(`
    alter table users
      drop column name, drop column role, drop column phone, drop column disabled_at, drop column away,
      drop column away_until, drop column max_open_leads, drop column devices_revoked_at,
      drop column last_assigned_at`);
}
