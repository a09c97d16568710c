import type { TemplateType } from '@shine/shared/enums';
import { extractPlaceholders } from '@shine/shared/template-render';
import type { Template } from '@shine/shared/types';

export interface TemplateFormValues {
  name: string;
  type: TemplateType;
  subject?: string;
  content: string;
  isActive: boolean;
}

export const DEFAULT_TEMPLATE_VALUES: TemplateFormValues = {
  name: '',
  type: 'email',
  subject: '',
  content: '',
  isActive: true,
};

/** POST/PATCH body: the subject only for e-mail; variables are the placeholders the text uses. */
export function toTemplatePayload(values: Partial<TemplateFormValues>) {
  const subject = values.type === 'email' && values.subject?.trim() ? values.subject.trim() : null;
  const content = values.content ?? '';
  return {
    name: values.name ?? '',
    type: values.type,
    subject,
    content,
    variables: extractPlaceholders(subject, content),
    isActive: values.isActive ?? true,
  };
}

export function fromTemplate(template: Template): TemplateFormValues {
  return {
    name: template.name,
    type: template.type,
    subject: template.subject ?? '',
    content: template.content,
    isActive: template.isActive,
  };
}
