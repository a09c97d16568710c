// The quote by e-mail, with its PDF, through the SMTP server the automations use: a convenience, never
// a requirement. Staff always get the link to copy; the e-mail goes out just after the send's answer,
// from the committed quote_sent event (the quote-email reaction), and the lead's conversation shows
// whether the mail server took it. What it says: quote-email-content.ts.
import { renderEmail } from '../email/index.ts';
import { unsubscribeHeaders } from '../unsubscribe/index.ts';
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
 * The direct e-mail sender (automations/direct-email.service.ts, wired by app.ts); named here so the
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
