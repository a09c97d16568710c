import type { Knex } from 'knex';

// Roles on the server (docs/decisions.md and docs/security.md, "Roles"): a session now carries its
// user's display name and role (auth/auth.routes.ts sets them at sign-in; a session without a role
// counts as signed out). Sessions that exist when this runs are given them, so nobody is signed out
// by the upgrade. The system user's display name is the one the CRM shows for the product's own
// entries.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update sessions s
       set sess = jsonb_set(jsonb_set(s.sess::jsonb, '{role}', to_jsonb(u.role)), '{name}', to_jsonb(u.name))::json
      from users u
     where s.sess->>'userId' = u.id::text`);
  await knex.raw(`update users set name = 'Shine (automatic)', role = 'sales' where username = 'system@shine.invalid'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update sessions set sess = (sess::jsonb - 'role' - 'name')::json`);
  await knex.raw(`update users set name = 'system' where username = 'system@shine.invalid'`);
}
