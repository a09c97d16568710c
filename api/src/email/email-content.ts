// What an e-mail says, apart from how it looks: the one description both its HTML (email-layout.ts)
// and its plain-text twin (email-text.ts) are rendered from, so the two carry the same words and links.
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';

/** A run of text, or a link. Text keeps its line breaks (a <br> in HTML). */
export type Inline = string | { text: string; href: string };

export interface AmountLine {
  label: string;
  /** Formatted for reading: "$279.00", "-$40.00". */
  amount: string;
}

export type EmailBlock =
  | { kind: 'paragraph'; runs: readonly Inline[] }
  /** The message's one call to action. */
  | { kind: 'button'; label: string; href: string }
  /** What a price covers, line by line, and the total it comes to. */
  | { kind: 'amounts'; caption: string; lines: readonly AmountLine[]; total: AmountLine }
  /** A highlighted offer (the first-visit promo). */
  | { kind: 'callout'; title: string; text: string }
  /** A smaller, quieter paragraph. */
  | { kind: 'note'; runs: readonly Inline[] };

/**
 * customer: the company's own look, with its postal address (and the unsubscribe link of commercial
 * mail) in the footer. staff: the same layout, plainer, for the team's own mail (set-up links, alerts).
 */
export type EmailVariant = 'customer' | 'staff';

export interface EmailFooter {
  company: CompanyDetailsSettings;
  /** Shown under the address (the company phone). */
  phone?: string;
  /** Commercial mail only (docs/requirements.md#email-compliance); also sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
  /** Why the reader gets this mail (staff mail). */
  reason?: string;
}

export interface EmailContent {
  variant: EmailVariant;
  /** The subject line; also the HTML document's title. */
  subject: string;
  /** The heading at the top of the message; none for a message that opens with its own greeting (a template's). */
  heading?: string;
  /** The line mail apps show after the subject in the inbox (hidden in the message itself). */
  preview: string;
  blocks: readonly EmailBlock[];
  footer: EmailFooter;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/g;

/** Text with every http(s) URL in it made a link (for text the company wrote, never a visitor's). */
export function linkify(text: string): Inline[] {
  const runs: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) runs.push(text.slice(last, start));
    runs.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs;
}

/** A paragraph of plain text the company wrote, with its URLs as links. */
export function paragraph(text: string): EmailBlock {
  return { kind: 'paragraph', runs: linkify(text) };
}

/** The company's postal address on one line ("1200 Main Street, Dallas, TX 75202"). */
export function addressLine(company: CompanyDetailsSettings): string {
  return company.postalAddress
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
}
