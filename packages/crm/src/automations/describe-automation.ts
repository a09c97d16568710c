import { ACTION_LABELS } from '@shine/shared/enums';
import type { Automation, Person, Template } from '@shine/shared/types';
import { ROUND_ROBIN } from '@shine/shared/automations';
import { formatCount } from '@shine/shared/format';
import { DEFAULT_QUOTE_CHASE_DAYS } from '@shine/shared/automation-rules';
import { buildAction, buildConditions, fromAutomation } from './automation-form.ts';

/** "priority is High · cleaning type is Deep", or "Every lead" when the rule has no conditions. */
export function describeConditions(automation: Automation): string {
  const values = fromAutomation(automation);
  const conditions = buildConditions(values);
  const parts: string[] = [];
  if (conditions.status) parts.push(`status is ${conditions.status}`);
  if (conditions.fromStatus) parts.push(`from ${conditions.fromStatus}`);
  if (conditions.toStatus) parts.push(`to ${conditions.toStatus}`);
  if (conditions.days !== undefined) {
    const days = formatCount(conditions.days, 'day');
    parts.push(automation.trigger === 'quote_not_answered' ? `${days} after sending, no answer` : `after ${days}`);
  } else if (automation.trigger === 'quote_not_answered') {
    parts.push(`${formatCount(DEFAULT_QUOTE_CHASE_DAYS, 'day')} after sending, no answer`);
  }
  if (conditions.firstVisit) parts.push('first completed visit only');
  if (conditions.textsAllowed === true) parts.push('customer agreed to texts');
  if (conditions.textsAllowed === false) parts.push('customer did not agree to texts (or replied STOP)');
  if (conditions.priority) parts.push(`priority is ${conditions.priority}`);
  if (conditions.cleaningType) parts.push(`cleaning type is ${conditions.cleaningType}`);
  if (conditions.frequency) parts.push(`frequency is ${conditions.frequency}`);
  if (conditions.source) parts.push(`source is ${conditions.source}`);
  return parts.length > 0 ? parts.join(' · ') : 'Every lead';
}

export function describeAction(
  automation: Automation,
  templates: readonly Template[] | undefined,
  people: readonly Person[] = [],
): string {
  const action = buildAction(fromAutomation(automation));
  const label = ACTION_LABELS[action.type as keyof typeof ACTION_LABELS] ?? String(action.type);
  switch (action.type) {
    case 'send_email':
    case 'send_sms': {
      const template = templates?.find((t) => t.id === action.templateId);
      return `${label}: ${template ? template.name : 'template not found'}`;
    }
    case 'create_task':
      return `${label}: ${String(action.title)} (due in ${String(action.dueInHours)} h)`;
    case 'update_status':
      return `${label} to ${String(action.status)}`;
    case 'assign': {
      if (action.to === ROUND_ROBIN) return 'Assign by round robin';
      const person = people.find((p) => p.id === action.to);
      return `Assign to ${person ? person.name : 'a person no longer on the team'}`;
    }
    default:
      return label;
  }
}
