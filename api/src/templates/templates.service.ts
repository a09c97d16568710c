import type { TemplateType } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import { STARTER_TEMPLATES, type StarterTemplateKey } from '@shine/shared/starter-templates';
import { extractPlaceholders } from '@shine/shared/template-render';
import type { TemplateCreate, TemplateUpdate } from '@shine/shared/templates';
import type { Template } from '@shine/shared/types';
import type { Knex } from 'knex';
import { type AuditChange, changedFields, recordAudit } from '../audit/index.ts';
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

/** What an audit row keeps of a template (API names). */
function audited(template: Template): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, ...fields } = template;
  return fields;
}

const templateAudit = (
  actorId: string | null,
  template: Template,
  change: Omit<AuditChange, 'actorId' | 'entity' | 'entityId'>,
): AuditChange => ({
  actorId,
  entity: 'template',
  entityId: template.id,
  ...change,
});

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

/**
 * A starter template as a fresh install has it; the one already there when it was not deleted. Call it
 * inside a transaction: a recreated starter is audited (`restored`) with the change that needed it.
 */
export async function restoreStarterTemplate(
  db: Knex,
  key: StarterTemplateKey,
  actorId: string | null,
): Promise<Template> {
  const starter = STARTER_TEMPLATES[key];
  const inserted = await insertStarterTemplateRow(db, {
    name: starter.name,
    type: starter.type,
    subject: starter.subject,
    content: starter.content,
    variables: extractPlaceholders(starter.subject, starter.content),
    isActive: true,
    starterKey: starter.key,
  });
  if (inserted) {
    const template = toTemplate(inserted);
    await recordAudit(db, templateAudit(actorId, template, { action: 'restored', after: audited(template) }));
    return template;
  }
  const row = await findTemplateRowByStarterKey(db, key);
  if (!row) throw new Error(`starter template ${key} was not stored`);
  return toTemplate(row);
}

export async function createTemplate(db: Knex, input: TemplateCreate, actorId: string): Promise<Template> {
  const subject = subjectFor(input.type, input.subject);
  return db.transaction(async (trx) => {
    const row = await insertTemplate(trx, {
      name: input.name,
      type: input.type,
      subject,
      content: input.content,
      variables: input.variables ?? extractPlaceholders(subject, input.content),
      isActive: input.isActive,
    });
    const template = toTemplate(row);
    await recordAudit(trx, templateAudit(actorId, template, { action: 'created', after: audited(template) }));
    return template;
  });
}

/**
 * PATCH: any subset of the fields. When the text changes and no variables are given, they are
 * derived again from the resulting subject and content.
 */
export async function updateTemplate(db: Knex, id: string, input: TemplateUpdate, actorId: string): Promise<Template> {
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
    const template = toTemplate(row);
    const changed = changedFields(audited(toTemplate(current)), audited(template));
    if (changed) await recordAudit(trx, templateAudit(actorId, template, { action: 'updated', ...changed }));
    return template;
  });
}

export async function deleteTemplate(db: Knex, id: string, actorId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await deleteTemplateRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.templateNotFound);
    const template = toTemplate(row);
    await recordAudit(trx, templateAudit(actorId, template, { action: 'deleted', before: audited(template) }));
  });
}

/** For other features: `select id, name from templates` (audit names a template's rows by it). */
export { templateNamesQuery as templateNames } from './templates.queries.ts';
