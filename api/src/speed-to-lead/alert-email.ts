// A staff alert as e-mail: the plainer variant of the company's layout (email.service.ts), what the
// alert says, and the CRM link as its one button.
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import type { StaffAlertText } from '@shine/shared/speed-to-lead';
import type { EmailContent } from '../email/index.ts';

export function staffAlertEmailContent(
  text: StaffAlertText,
  button: string,
  company: CompanyDetailsSettings,
): EmailContent {
  return {
    variant: 'staff',
    subject: text.subject,
    heading: text.subject,
    preview: text.details,
    blocks: [
      { kind: 'paragraph', runs: [text.details] },
      { kind: 'button', label: button, href: text.link },
    ],
    footer: {
      company,
      reason: 'You get this alert because of the on-duty alert settings in the CRM (Settings, On-duty alerts).',
    },
  };
}
