import type { Automation } from '@shine/shared/types';
import type { AutomationRow } from '../db/tables.ts';

/** jsonb comes back parsed; the API answers JSON text (docs/requirements.md#automation: conditions and actions are JSON text). */
const toJsonText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function toAutomation(row: AutomationRow): Automation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trigger: row.trigger,
    conditions: toJsonText(row.conditions),
    actions: toJsonText(row.actions),
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
