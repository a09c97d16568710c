// The team (docs/decisions.md, "Roles" and the rows after it): admins add people, change their
// role, details and availability, disable and re-enable them. Every change is audited in its own
// transaction. Disabling signs the person out at once: their sessions are deleted and their device
// cookies stop counting as known devices; a role or name change is written into their sessions, so
// it holds from their next request.
import { deleteUserSessions, rewriteUserSessions } from '../db/session-rows.ts';
import { API_ERRORS } from '@shine/shared/messages';
import type { OwnSettings, UserCreate, UserUpdate } from '@shine/shared/team';
import type { Assignee, TeamUser } from '@shine/shared/types';
import type { Knex } from 'knex';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { UserRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { issueSetupToken, type SetupLinkToken } from './setup-links.ts';
import { listPendingSetupExpiries } from './setup-tokens.queries.ts';
import { auditedFieldsOf, toAssignee, toTeamUser } from './team-user-mapper.ts';
import {
  countOtherActiveAdmins,
  findUserForUpdate,
  insertUserUnlessExists,
  listActiveTeamRows,
  listTeamRows,
  type UserColumns,
  updateUserRow,
  userNamesQuery,
} from './users.queries.ts';
import { publishLiveEvent, publishSessionsRevoked } from '../live/index.ts';

/** Open leads per assignee, asked of the leads feature (app.ts hands it in: auth never imports leads). */
export type OpenLeadCounts = (db: Knex) => Promise<Map<string, number>>;

/** For other features: `select id, name from users`, to join a person's name (e.g. an audit row's actor). */
export const userNames = userNamesQuery;

async function teamUserOf(db: Knex, row: UserRow, now: Date, openLeadCounts: OpenLeadCounts): Promise<TeamUser> {
  const [counts, expiries] = await Promise.all([openLeadCounts(db), listPendingSetupExpiries(db, now)]);
  return toTeamUser(row, { openLeads: counts.get(row.id) ?? 0, setupExpiresAt: expiries.get(row.id) });
}

export async function listTeam(db: Knex, now: Date, openLeadCounts: OpenLeadCounts): Promise<TeamUser[]> {
  const [rows, counts, expiries] = await Promise.all([
    listTeamRows(db),
    openLeadCounts(db),
    listPendingSetupExpiries(db, now),
  ]);
  return rows.map((row) =>
    toTeamUser(row, { openLeads: counts.get(row.id) ?? 0, setupExpiresAt: expiries.get(row.id) }),
  );
}

export async function listAssignees(db: Knex): Promise<Assignee[]> {
  return (await listActiveTeamRows(db)).map(toAssignee);
}

export interface CreatedTeamUser extends SetupLinkToken {
  user: TeamUser;
}

/** Adds a person with no password and issues their set-up link; 409 when the e-mail signs someone in already. */
export async function createTeamUser(
  db: Knex,
  input: UserCreate,
  actorId: string,
  now: Date,
  openLeadCounts: OpenLeadCounts,
): Promise<CreatedTeamUser> {
  const { row, link } = await db.transaction(async (trx) => {
    // Two admins adding one address at once: the unique index decides, the second hears why.
    const created = await insertUserUnlessExists(trx, {
      username: input.email,
      name: input.name,
      role: input.role,
      phone: input.phone ?? null,
      passwordHash: null,
    });
    if (!created) throw new AppError(409, API_ERRORS.emailTaken, [{ path: 'email', message: API_ERRORS.emailTaken }]);
    const issued = await issueSetupToken(trx, created.id, actorId, now);
    await recordAudit(trx, {
      actorId,
      entity: 'user',
      entityId: created.id,
      action: 'created',
      after: { name: created.name, email: created.username, role: created.role, phone: created.phone },
    });
    await publishLiveEvent(trx, { type: 'user.created', userId: created.id });
    return { row: created, link: issued };
  });
  return { user: await teamUserOf(db, row, now, openLeadCounts), ...link };
}

function columnsOf(input: OwnSettings & Omit<UserUpdate, 'disabled'>): UserColumns {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.role !== undefined ? { role: input.role } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.away !== undefined ? { away: input.away } : {}),
    ...(input.awayUntil !== undefined
      ? { away_until: input.awayUntil === null ? null : new Date(input.awayUntil) }
      : {}),
    ...(input.maxOpenLeads !== undefined ? { max_open_leads: input.maxOpenLeads } : {}),
  };
}

/** Refuses what would leave the team without an active admin, or an admin locked out by their own hand. */
async function checkAdminRules(trx: Knex, current: UserRow, input: UserUpdate, actorId: string): Promise<void> {
  const disabling = input.disabled === true && current.disabled_at === null;
  const demoting = input.role !== undefined && input.role !== 'admin' && current.role === 'admin';
  if (!disabling && !demoting) return;
  if (current.id === actorId) throw new AppError(400, disabling ? API_ERRORS.selfDisable : API_ERRORS.selfDemote);
  if (current.role !== 'admin' || current.disabled_at !== null) return;
  // One admin at a time may take an admin away: two admins demoting each other both see the other.
  await trx.raw("select pg_advisory_xact_lock(hashtext('shine:team-admins'))");
  if ((await countOtherActiveAdmins(trx, current.id)) === 0) throw new AppError(400, API_ERRORS.lastAdmin);
}

/** PATCH /api/admin/users/{id} (admins). */
export async function updateTeamUser(
  db: Knex,
  id: string,
  input: UserUpdate,
  actorId: string,
  now: Date,
  openLeadCounts: OpenLeadCounts,
): Promise<TeamUser> {
  const row = await db.transaction(async (trx) => {
    const current = await findUserForUpdate(trx, id);
    if (!current) throw new AppError(404, API_ERRORS.userNotFound);
    await checkAdminRules(trx, current, input, actorId);
    const columns = columnsOf(input);
    const disabling = input.disabled === true && current.disabled_at === null;
    const enabling = input.disabled === false && current.disabled_at !== null;
    if (disabling) Object.assign(columns, { disabled_at: now, devices_revoked_at: now });
    if (enabling) columns.disabled_at = null;
    const updated = await updateUserRow(trx, id, columns);
    await auditUserChange(trx, actorId, current, updated);
    if (disabling) {
      await deleteUserSessions(trx, id);
      // Their open live streams end too, in every process, when this commits.
      await publishSessionsRevoked(trx, id);
      await recordAudit(trx, { actorId, entity: 'user', entityId: id, action: 'disabled' });
    }
    if (enabling) await recordAudit(trx, { actorId, entity: 'user', entityId: id, action: 'enabled' });
    await rewriteSessionsIfNeeded(trx, current, updated);
    return updated;
  });
  return teamUserOf(db, row, now, openLeadCounts);
}

/** PATCH /api/admin/me: anyone's own name, phone and availability. */
export async function updateOwnSettings(
  db: Knex,
  userId: string,
  input: OwnSettings,
  now: Date,
  openLeadCounts: OpenLeadCounts,
): Promise<TeamUser> {
  const row = await db.transaction(async (trx) => {
    const current = await findUserForUpdate(trx, userId);
    if (!current) throw new AppError(401, API_ERRORS.unauthenticated);
    const updated = await updateUserRow(trx, userId, columnsOf(input));
    await auditUserChange(trx, userId, current, updated);
    await rewriteSessionsIfNeeded(trx, current, updated);
    return updated;
  });
  return teamUserOf(db, row, now, openLeadCounts);
}

/** The audit row of a change to a person, and its live event when anything other screens show changed. */
async function auditUserChange(trx: Knex, actorId: string, before: UserRow, after: UserRow): Promise<void> {
  const changed = changedFields(auditedFieldsOf(before), auditedFieldsOf(after));
  if (changed) await recordAudit(trx, { actorId, entity: 'user', entityId: after.id, action: 'updated', ...changed });
  if (changed || (before.disabled_at === null) !== (after.disabled_at === null)) {
    await publishLiveEvent(trx, { type: 'user.changed', userId: after.id });
  }
}

async function rewriteSessionsIfNeeded(trx: Knex, before: UserRow, after: UserRow): Promise<void> {
  if (after.disabled_at !== null) return; // their sessions are gone
  const role = after.role !== before.role ? after.role : undefined;
  const name = after.name !== before.name ? after.name : undefined;
  await rewriteUserSessions(trx, after.id, { role, name });
}
