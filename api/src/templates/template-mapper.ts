import type { Template } from '@shine/shared/types';
import type { TemplateRow } from '../db/tables.ts';

function toVariables(value: unknown): string[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    subject: row.subject,
    content: row.content,
    variables: toVariables(row.variables),
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
