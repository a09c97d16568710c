import type { AutomationCreate, AutomationUpdate } from '@shine/shared/automations';
import { API_ERRORS } from '@shine/shared/messages';
import type { Automation } from '@shine/shared/types';
import type { Knex } from 'knex';
import { type AuditChange, changedFields, recordAudit } from '../audit/index.ts';
import { AppError } from '../http/app-error.ts';
import { toAutomation } from './automation-mapper.ts';
import {
  deleteAutomationRow,
  findAutomationRow,
  insertAutomation,
  listAutomationRows,
  updateAutomationRow,
} from './automations.queries.ts';

/** What an audit row keeps of a rule (API names; conditions and actions as the API's JSON text). */
function audited(automation: Automation): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = automation;
  return fields;
}

/** An audit row about a rule (docs/decisions.md, "Team": every change to automations is recorded). */
export function automationAudit(
  actorId: string | null,
  automation: Automation,
  change: Omit<AuditChange, 'actorId' | 'entity' | 'entityId'>,
): AuditChange {
  return { actorId, entity: 'automation', entityId: automation.id, ...change };
}

/** `created`, with the whole rule as its after; call it in the transaction that inserts the rule. */
export function recordAutomationCreated(trx: Knex, actorId: string | null, automation: Automation): Promise<void> {
  return recordAudit(trx, automationAudit(actorId, automation, { action: 'created', after: audited(automation) }));
}

export async function listAutomations(db: Knex): Promise<Automation[]> {
  return (await listAutomationRows(db)).map(toAutomation);
}

export async function createAutomation(db: Knex, input: AutomationCreate, actorId: string): Promise<Automation> {
  return db.transaction(async (trx) => {
    const automation = toAutomation(await insertAutomation(trx, { ...input, description: input.description ?? null }));
    await recordAutomationCreated(trx, actorId, automation);
    return automation;
  });
}

/** PATCH: any subset of the fields (the CRM's toggle sends only isActive, audited as `toggled`). */
export async function updateAutomation(
  db: Knex,
  id: string,
  input: AutomationUpdate,
  actorId: string,
): Promise<Automation> {
  return db.transaction(async (trx) => {
    const current = await findAutomationRow(trx, id, true);
    const row = current ? await updateAutomationRow(trx, id, input) : undefined;
    if (!current || !row) throw new AppError(404, API_ERRORS.automationNotFound);
    const automation = toAutomation(row);
    const changed = changedFields(audited(toAutomation(current)), audited(automation));
    if (changed) {
      const onlyToggled = Object.keys(changed.after).every((key) => key === 'isActive');
      await recordAudit(
        trx,
        automationAudit(actorId, automation, { action: onlyToggled ? 'toggled' : 'updated', ...changed }),
      );
    }
    return automation;
  });
}

export async function deleteAutomation(db: Knex, id: string, actorId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await deleteAutomationRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.automationNotFound);
    const automation = toAutomation(row);
    await recordAudit(trx, automationAudit(actorId, automation, { action: 'deleted', before: audited(automation) }));
  });
}

/** For other features: `select id, name from automations` (audit names a rule's rows by it). */
export { automationNamesQuery as automationNames } from './automations.queries.ts';
