// What the quote e-mail says, in the company's layout (email.service.ts): the greeting, the total and
// what it covers (a recurring quote's two prices, the first cleaning and each one after it, in the
// page's words), the first-visit offer when the quote takes it, one button to the quote's page, the
// expiry date, and the postal address and unsubscribe link in the footer.
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { PROMO_CODE } from '@shine/shared/constants';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import { type EmailContent, paragraph } from '../email/index.ts';
import { priceLineText, recurringPriceLines, WELCOME_NOTE } from './quote-terms.ts';

/** The button's words: the one thing the message asks of the customer. */
export const QUOTE_EMAIL_BUTTON = 'Review and accept your quote';

export interface QuoteEmailInput {
  to: { email: string; firstName: string };
  quote: Quote;
  /** The quote's page (its token link). */
  url: string;
  /** The last day it can be accepted, as the customer reads it. */
  validUntil: string;
  pdf: Buffer;
  /** The name and postal address of the footer (settings: Company details in e-mails). */
  company: CompanyDetailsSettings;
  unsubscribeUrl: string;
  replyTo?: string;
}

/** What the quote covers: each line, each discount, the tax, and the total it comes to. */
function amountsOf(quote: Quote): EmailContent['blocks'][number] {
  return {
    kind: 'amounts',
    caption: 'What your quote covers',
    lines: [
      ...quote.lineItems.map((item) => ({
        label: item.quantity > 1 ? `${item.description} × ${item.quantity}` : item.description,
        amount: formatAmount(item.amount),
      })),
      ...quote.discounts.map((discount) => ({
        label: discount.description,
        amount: `-${formatAmount(discount.amount)}`,
      })),
      ...(quote.tax === '0.00' ? [] : [{ label: `Tax (${quote.taxRate}%)`, amount: formatAmount(quote.tax) }]),
    ],
    total: { label: 'Total', amount: formatAmount(quote.total) },
  };
}

export function quoteEmailContent(input: QuoteEmailInput): EmailContent {
  const { quote, company } = input;
  const total = formatAmount(quote.total);
  const prices = recurringPriceLines(quote);
  // A recurring quote's total is its first cleaning only: the regular price is said beside it.
  const summary = prices ? `${prices.map(priceLineText).join('. ')}.` : `Your quote comes to ${total}.`;
  return {
    variant: 'customer',
    subject: `Your cleaning quote from ${company.name}: ${total}`,
    heading: 'Your cleaning quote',
    preview: `${summary} Review and accept it online; it is valid until ${input.validUntil}.`,
    blocks: [
      paragraph(`Hello ${input.to.firstName},`),
      ...(prices
        ? [
            paragraph(`Thank you for asking ${company.name} for a quote.`),
            paragraph(prices.map(priceLineText).join('\n')),
          ]
        : [paragraph(`Thank you for asking ${company.name} for a quote. Yours comes to ${total}.`)]),
      ...(quote.message ? [paragraph(quote.message)] : []),
      amountsOf(quote),
      ...(quote.welcomeDiscount
        ? [
            {
              kind: 'callout' as const,
              title: `First-visit offer: ${PROMO_CODE}`,
              text: `${WELCOME_NOTE} It is already taken off the total above.`,
            },
          ]
        : []),
      { kind: 'button', label: QUOTE_EMAIL_BUTTON, href: input.url },
      paragraph(
        `The quote is valid until ${input.validUntil}, and attached as a PDF for your records. Questions? Call us at ${DEFAULT_COMPANY.phone} or reply to this e-mail.`,
      ),
      paragraph(
        `Once you are booked, your cleanings, invoices and messages are in your account: ${new URL('/account', input.url).href}`,
      ),
    ],
    footer: { company, phone: DEFAULT_COMPANY.phone, unsubscribeUrl: input.unsubscribeUrl },
  };
}
