import type { TemplateType } from '@shine/shared/enums';

export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { email: 'Email', sms: 'SMS', task: 'Task' };

/** At least 4.5:1 against white. */
export const TEMPLATE_TYPE_COLORS: Record<TemplateType, string> = { email: '#0b5cad', sms: '#0e7490', task: '#7a3db8' };
