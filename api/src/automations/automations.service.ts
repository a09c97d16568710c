import type { AutomationCreate, AutomationUpdate } from '@shine/shared/automations';
import { API_ERRORS } from '@shine/shared/messages';
import type { Automation } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { toAutomation } from './automation-mapper.ts';
import {
  deleteAutomationRow,
  insertAutomation,
  listAutomationRows,
  updateAutomationRow,
} from './automations.queries.ts';

export async function listAutomations(db: Knex): Promise<Automation[]> {
  return (await listAutomationRows(db)).map(toAutomation);
}

export async function createAutomation(db: Knex, input: AutomationCreate): Promise<Automation> {
  return toAutomation(await insertAutomation(db, { ...input, description: input.description ?? null }));
}

/** PATCH: any subset of the fields (the CRM's toggle sends only isActive). */
export async function updateAutomation(db: Knex, id: string, input: AutomationUpdate): Promise<Automation> {
  const row = await updateAutomationRow(db, id, input);
  if (!row) throw new AppError(404, API_ERRORS.automationNotFound);
  return toAutomation(row);
}

export async function deleteAutomation(db: Knex, id: string): Promise<void> {
  if (!(await deleteAutomationRow(db, id))) throw new AppError(404, API_ERRORS.automationNotFound);
}
