// The quote by e-mail, with its PDF, through the SMTP server the automations use (staff-email.service.ts):
// a convenience, never a requirement. Staff always get the link to copy; a refused or failed send
// only means `emailed: false` (logged without the address). What it says: quote-email-content.ts.
import { renderEmail } from '../email/email.service.ts';
import type { Logger } from '../logger.ts';
import { unsubscribeHeaders } from '../unsubscribe/unsubscribe.service.ts';
import { type QuoteEmailInput, quoteEmailContent } from './quote-email-content.ts';

export interface QuoteEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), as on every automated e-mail. */
  headers: Record<string, string>;
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

export async function quoteEmail(input: QuoteEmailInput): Promise<QuoteEmail> {
  const rendered = await renderEmail(quoteEmailContent(input));
  return {
    to: input.to.email,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    attachments: [
      { filename: quotePdfFilename(input.quote.version), content: input.pdf, contentType: 'application/pdf' },
    ],
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
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
