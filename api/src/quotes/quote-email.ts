// The quote by e-mail, with its PDF, through the SMTP server the automations use (staff-email.service.ts):
// a convenience, never a requirement. Staff always get the link to copy; a refused or failed send
// only means `emailed: false` (logged without the address).
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import type { Logger } from '../logger.ts';

export interface QuoteEmail {
  to: string;
  subject: string;
  body: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** The lead's reply address (mailbox.service.ts): the customer's answer lands on the lead. */
  replyTo?: string;
  /** Its Message-ID is made of it, recorded for the lead (mailbox.service.ts): a reply answering it is filed there. */
  id?: string;
}

/**
 * The staff e-mail sender (automations/staff-email.service.ts, wired by app.ts); named here so the
 * quotes feature does not depend on the automations feature, which depends on it.
 */
export type SendEmail = (message: QuoteEmail) => Promise<void>;

/** The PDF's file name, in the e-mail and as a download. */
export function quotePdfFilename(version: number): string {
  return `quote-v${version}.pdf`;
}

export function quoteEmail(
  to: { email: string; firstName: string },
  quote: Quote,
  url: string,
  validUntil: string,
  pdf: Buffer,
  replyTo?: string,
): QuoteEmail {
  return {
    to: to.email,
    ...(replyTo ? { replyTo } : {}),
    attachments: [{ filename: quotePdfFilename(quote.version), content: pdf, contentType: 'application/pdf' }],
    subject: `Your cleaning quote from ${DEFAULT_COMPANY.name}: ${formatAmount(quote.total)}`,
    body: [
      `Hello ${to.firstName},`,
      '',
      `Thank you for asking ${DEFAULT_COMPANY.name} for a quote. Yours comes to ${formatAmount(quote.total)}.`,
      ...(quote.message ? ['', quote.message] : []),
      '',
      'The quote is attached as a PDF. See what is included and accept or decline it here:',
      '',
      url,
      '',
      `The quote is valid until ${validUntil}. Questions? Call us at ${DEFAULT_COMPANY.phone} or reply to this e-mail.`,
    ].join('\n'),
  };
}

/** Whether the mail server accepted the quote; false without SMTP or on any failure. */
export async function emailQuote(
  sendEmail: SendEmail | undefined,
  logger: Logger,
  message: QuoteEmail,
): Promise<boolean> {
  if (!sendEmail) return false;
  try {
    await sendEmail(message);
    return true;
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    logger.warn({ code, responseCode }, 'a quote could not be e-mailed; staff copy the link');
    return false;
  }
}
