// The set-up link by e-mail, when SMTP is configured: a convenience, never a requirement. The admin
// always gets the link to copy; a refused or failed send only means `emailed: false`.
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { SETUP_LINK_HOURS } from '@shine/shared/team';
import type { Logger } from '../logger.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
}

/** Resolves when the mail server accepted the message; rejects otherwise (app.ts hands in the automations' SMTP). */
export type SendEmail = (message: OutgoingEmail) => Promise<void>;

export function setupLinkEmail(recipient: { email: string; name: string }, setupUrl: string): OutgoingEmail {
  return {
    to: recipient.email,
    subject: `Set up your ${DEFAULT_COMPANY.name} CRM account`,
    body: [
      `Hello ${recipient.name},`,
      '',
      `An admin of ${DEFAULT_COMPANY.name} added you to the CRM. Choose your password here:`,
      '',
      setupUrl,
      '',
      `The link works once, for ${SETUP_LINK_HOURS} hours. Then sign in with this e-mail address.`,
      'If you did not expect this, you can ignore this message.',
    ].join('\n'),
  };
}

/** Whether the mail server accepted the link; false without SMTP or on any failure (logged without the address). */
export async function emailSetupLink(
  sendEmail: SendEmail | undefined,
  logger: Logger,
  recipient: { email: string; name: string },
  setupUrl: string,
): Promise<boolean> {
  if (!sendEmail) return false;
  try {
    await sendEmail(setupLinkEmail(recipient, setupUrl));
    return true;
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    logger.warn({ code, responseCode }, 'the set-up link could not be e-mailed; the admin copies it');
    return false;
  }
}
