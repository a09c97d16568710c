import type { TemplateType } from '@shine/shared/enums';

export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { email: 'Email', sms: 'SMS', task: 'Task' };

export const TEMPLATE_TYPE_COLORS: Record<TemplateType, string> = { email: 'blue', sms: 'cyan', task: 'purple' };
