import type { TemplateType } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import { STARTER_TEMPLATES, type StarterTemplateKey } from '@shine/shared/starter-templates';
import { extractPlaceholders } from '@shine/shared/template-render';
import type { TemplateCreate, TemplateUpdate } from '@shine/shared/templates';
import type { Template } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { toTemplate } from './template-mapper.ts';
import {
  deleteTemplateRow,
  findTemplateRow,
  findTemplateRowByStarterKey,
  insertStarterTemplateRow,
  insertTemplate,
  listTemplateRows,
  type TemplateValues,
  updateTemplateRow,
} from './templates.queries.ts';

/** A subject only means something for e-mail (docs/requirements.md#validation); other types store none. */
function subjectFor(type: TemplateType, subject: string | null | undefined): string | null {
  return type === 'email' && subject ? subject : null;
}

export async function listTemplates(db: Knex): Promise<Template[]> {
  return (await listTemplateRows(db)).map(toTemplate);
}

/** The template, or undefined when there is none (an automation's message whose template was deleted). */
export async function findTemplate(db: Knex, id: string): Promise<Template | undefined> {
  const row = await findTemplateRow(db, id);
  return row ? toTemplate(row) : undefined;
}

/** The template made from a starter (renamed or edited, it is still that starter's), or undefined once deleted. */
export async function findStarterTemplate(db: Knex, key: StarterTemplateKey): Promise<Template | undefined> {
  const row = await findTemplateRowByStarterKey(db, key);
  return row ? toTemplate(row) : undefined;
}

/** A starter template as a fresh install has it; the one already there when it was not deleted. */
export async function restoreStarterTemplate(db: Knex, key: StarterTemplateKey): Promise<Template> {
  const starter = STARTER_TEMPLATES[key];
  await insertStarterTemplateRow(db, {
    name: starter.name,
    type: starter.type,
    subject: starter.subject,
    content: starter.content,
    variables: extractPlaceholders(starter.subject, starter.content),
    isActive: true,
    starterKey: starter.key,
  });
  const row = await findTemplateRowByStarterKey(db, key);
  if (!row) throw new Error(`starter template ${key} was not stored`);
  return toTemplate(row);
}

export async function createTemplate(db: Knex, input: TemplateCreate): Promise<Template> {
  const subject = subjectFor(input.type, input.subject);
  const row = await insertTemplate(db, {
    name: input.name,
    type: input.type,
    subject,
    content: input.content,
    variables: input.variables ?? extractPlaceholders(subject, input.content),
    isActive: input.isActive,
  });
  return toTemplate(row);
}

/**
 * PATCH: any subset of the fields. When the text changes and no variables are given, they are
 * derived again from the resulting subject and content.
 */
export async function updateTemplate(db: Knex, id: string, input: TemplateUpdate): Promise<Template> {
  return db.transaction(async (trx) => {
    const current = await findTemplateRow(trx, id, true);
    if (!current) throw new AppError(404, API_ERRORS.templateNotFound);
    const type = input.type ?? current.type;
    const subject = subjectFor(type, input.subject !== undefined ? input.subject : current.subject);
    const content = input.content ?? current.content;
    const textChanged = subject !== current.subject || content !== current.content;
    const values: TemplateValues = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      type,
      subject,
      content,
    };
    if (input.variables !== undefined) values.variables = input.variables;
    else if (textChanged) values.variables = extractPlaceholders(subject, content);
    const row = await updateTemplateRow(trx, id, values);
    if (!row) throw new AppError(404, API_ERRORS.templateNotFound);
    return toTemplate(row);
  });
}

export async function deleteTemplate(db: Knex, id: string): Promise<void> {
  if (!(await deleteTemplateRow(db, id))) throw new AppError(404, API_ERRORS.templateNotFound);
}
