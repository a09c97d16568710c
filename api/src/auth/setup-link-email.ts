// The set-up link by e-mail, when SMTP is configured: a convenience, never a requirement. The admin
// always gets the link to copy; a refused or failed send only means `emailed: false`. Staff mail:
// the plainer variant of the company's layout (email.service.ts).
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { SETUP_LINK_HOURS } from '@shine/shared/team';
import { type EmailContent, paragraph, renderEmail } from '../email/index.ts';
import type { Logger } from '../logger.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string;
}

/** Resolves when the mail server accepted the message; rejects otherwise (app.ts hands in the automations' SMTP). */
export type SendEmail = (message: OutgoingEmail) => Promise<void>;

export function setupLinkEmailContent(
  recipient: { name: string },
  setupUrl: string,
  company: CompanyDetailsSettings,
): EmailContent {
  return {
    variant: 'staff',
    subject: `Set up your ${company.name} CRM account`,
    heading: 'Set up your CRM account',
    preview: `Choose your password. The link works once, for ${SETUP_LINK_HOURS} hours.`,
    blocks: [
      paragraph(`Hello ${recipient.name},`),
      paragraph(`An admin of ${company.name} added you to the CRM. Choose your password here:`),
      { kind: 'button', label: 'Choose your password', href: setupUrl },
      paragraph(`The link works once, for ${SETUP_LINK_HOURS} hours. Then sign in with this e-mail address.`),
      { kind: 'note', runs: ['If you did not expect this, you can ignore this message.'] },
    ],
    footer: { company, reason: 'You get this e-mail because an admin added you to the team’s CRM.' },
  };
}

export async function setupLinkEmail(
  recipient: { email: string; name: string },
  setupUrl: string,
  company: CompanyDetailsSettings,
): Promise<OutgoingEmail> {
  const rendered = await renderEmail(setupLinkEmailContent(recipient, setupUrl, company));
  return { to: recipient.email, subject: rendered.subject, body: rendered.text, html: rendered.html };
}

/** Whether the mail server accepted the link; false without SMTP or on any failure (logged without the address). */
export async function emailSetupLink(
  sendEmail: SendEmail | undefined,
  logger: Logger,
  recipient: { email: string; name: string },
  setupUrl: string,
  company: () => Promise<CompanyDetailsSettings>,
): Promise<boolean> {
  if (!sendEmail) return false;
  try {
    await sendEmail(await setupLinkEmail(recipient, setupUrl, await company()));
    return true;
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    logger.warn({ code, responseCode }, 'the set-up link could not be e-mailed; the admin copies it');
    return false;
  }
}
