// An e-mail staff wrote to a lead, in the company's layout (email.service.ts): their words, a
// paragraph per blank line, and the company's address and phone at the foot. One to one, so no
// unsubscribe link: it is no automated mail (docs/requirements.md#email-compliance).
import { DEFAULT_COMPANY } from '@shine/shared/company';
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { type EmailContent, paragraph } from '../email/index.ts';

export function manualEmailContent(subject: string, body: string, company: CompanyDetailsSettings): EmailContent {
  const paragraphs = body
    .split(/\n[ \t]*\n\s*/)
    .map((text) => text.trim())
    .filter(Boolean);
  return {
    variant: 'customer',
    subject,
    preview: body.replace(/\s+/g, ' ').trim().slice(0, 140),
    blocks: paragraphs.map(paragraph),
    footer: { company, phone: DEFAULT_COMPANY.phone },
  };
}
