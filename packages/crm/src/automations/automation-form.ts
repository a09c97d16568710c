import type { AutomationConditions } from '@shine/shared/automations';
import type {
  ActionType,
  AutomationTrigger,
  CleaningType,
  Frequency,
  LeadPriority,
  LeadStatus,
} from '@shine/shared/enums';
import type { Automation } from '@shine/shared/types';
import { ROUND_ROBIN } from '@shine/shared/automations';

/** The form's choice for the `textsAllowed` condition. */
export type TextsCondition = 'allowed' | 'not_allowed';

/** The form's action types: shared's. */
export type FormActionType = ActionType;

/** The New/Edit Automation form: the JSON of conditions and actions as plain fields. */
export interface AutomationFormValues {
  name: string;
  description?: string;
  trigger: AutomationTrigger;
  isActive: boolean;
  status?: LeadStatus;
  fromStatus?: LeadStatus;
  toStatus?: LeadStatus;
  priority?: LeadPriority;
  cleaningType?: CleaningType;
  frequency?: Frequency;
  source?: string;
  days?: number | null;
  /** visit_completed: only the lead's first completed visit. */
  firstVisit?: boolean;
  /** Only customers automated texts reach ('allowed') or only the others ('not_allowed'). */
  texts?: TextsCondition;
  actionType: FormActionType;
  templateId?: string;
  /** The assign action's `to`: 'round_robin' or a person's id. */
  assignTo?: string;
  taskTitle?: string;
  dueInHours?: number | null;
  newStatus?: LeadStatus;
}

export const DEFAULT_AUTOMATION_VALUES: AutomationFormValues = {
  name: '',
  description: '',
  trigger: 'lead_created',
  isActive: true,
  actionType: 'send_email',
  dueInHours: 24,
};

/** Which condition fields a trigger offers; `daysLabel` names what `days` counts for it. */
export function conditionFieldsFor(trigger: AutomationTrigger) {
  return {
    status: trigger !== 'status_changed' && trigger !== 'lead_created',
    fromToStatus: trigger === 'status_changed',
    days: trigger === 'no_activity' || trigger === 'quote_not_answered',
    daysLabel: trigger === 'quote_not_answered' ? 'Days after the quote was sent' : 'Days without activity',
    firstVisit: trigger === 'visit_completed',
  };
}

export function buildConditions(values: Partial<AutomationFormValues>): AutomationConditions {
  const fields = conditionFieldsFor(values.trigger ?? 'lead_created');
  const conditions: Record<string, unknown> = {};
  if (fields.status && values.status) conditions.status = values.status;
  if (fields.fromToStatus && values.fromStatus) conditions.fromStatus = values.fromStatus;
  if (fields.fromToStatus && values.toStatus) conditions.toStatus = values.toStatus;
  if (fields.days && values.days !== undefined && values.days !== null) conditions.days = values.days;
  if (fields.firstVisit && values.firstVisit) conditions.firstVisit = true;
  if (values.texts) conditions.textsAllowed = values.texts === 'allowed';
  if (values.priority) conditions.priority = values.priority;
  if (values.cleaningType) conditions.cleaningType = values.cleaningType;
  if (values.frequency) conditions.frequency = values.frequency;
  if (values.source?.trim()) conditions.source = values.source.trim();
  return conditions as AutomationConditions;
}

/** The action object; missing parts stay undefined so the schema reports them. */
export function buildAction(values: Partial<AutomationFormValues>): Record<string, unknown> {
  switch (values.actionType) {
    case 'send_email':
    case 'send_sms':
      return { type: values.actionType, templateId: values.templateId };
    case 'create_task':
      return { type: 'create_task', title: values.taskTitle ?? '', dueInHours: values.dueInHours ?? 24 };
    case 'update_status':
      return { type: 'update_status', status: values.newStatus };
    case 'assign':
      return { type: 'assign', to: values.assignTo ?? ROUND_ROBIN };
    default:
      return { type: values.actionType };
  }
}

/** POST/PATCH body (docs/requirements.md#api-calls: name, trigger, conditions, actions, isActive; plus description). */
export function toAutomationPayload(values: Partial<AutomationFormValues>) {
  return {
    name: values.name ?? '',
    description: values.description?.trim() ? values.description.trim() : null,
    trigger: values.trigger,
    conditions: JSON.stringify(buildConditions(values)),
    actions: JSON.stringify(buildAction(values)),
    isActive: values.isActive ?? true,
  };
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Form values of a stored rule; unreadable JSON falls back to the defaults. */
export function fromAutomation(automation: Automation): AutomationFormValues {
  const conditions = parseJsonObject(automation.conditions);
  const action = parseJsonObject(automation.actions);
  const actionType = (asString(action.type) as FormActionType | undefined) ?? 'send_email';
  return {
    name: automation.name,
    description: automation.description ?? '',
    trigger: automation.trigger,
    isActive: automation.isActive,
    status: asString(conditions.status) as LeadStatus | undefined,
    fromStatus: asString(conditions.fromStatus) as LeadStatus | undefined,
    toStatus: asString(conditions.toStatus) as LeadStatus | undefined,
    priority: asString(conditions.priority) as LeadPriority | undefined,
    cleaningType: asString(conditions.cleaningType) as CleaningType | undefined,
    frequency: asString(conditions.frequency) as Frequency | undefined,
    source: asString(conditions.source),
    days: asNumber(conditions.days) ?? null,
    firstVisit: conditions.firstVisit === true,
    texts: conditions.textsAllowed === true ? 'allowed' : conditions.textsAllowed === false ? 'not_allowed' : undefined,
    actionType,
    templateId: asString(action.templateId),
    taskTitle: asString(action.title),
    dueInHours: asNumber(action.dueInHours) ?? 24,
    newStatus: actionType === 'update_status' ? (asString(action.status) as LeadStatus | undefined) : undefined,
    assignTo: actionType === 'assign' ? (asString(action.to) ?? ROUND_ROBIN) : undefined,
  };
}
