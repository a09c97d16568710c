// The customer's payment e-mails, made after the change's commit by the reactions
// (api/src/reactions/): the invoice with its pay link, and a receipt for every payment. Transactional
// mail: they go to every lead with an address, as the booking e-mails do.
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Invoice, Payment } from '@shine/shared/responses/payments';
import type { Knex } from 'knex';
import { type AmountLine, type EmailBlock, renderEmail } from '../email/index.ts';
import { findLead } from '../leads/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { invoiceUrlOf } from './invoice-tokens.ts';
import { cashCheckInstructions } from './payment-instructions.ts';
import { findInvoice, findPaymentWithInvoice } from './payments.service.ts';

export interface PaymentEmail {
  to: string;
  subject: string;
  body: string;
  html: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

const METHOD_WORDS: Record<Payment['method'], string> = { card: 'Card', cash: 'Cash', check: 'Check' };

function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** The invoice's lines and sums as the e-mail's amounts block. */
function amountsOf(invoice: Invoice): EmailBlock {
  const money = (amount: string) =>
    amount.startsWith('-') ? `-${formatAmount(amount.slice(1))}` : formatAmount(amount);
  const lines: AmountLine[] = invoice.lines.map((line) => ({
    label: line.quantity > 1 ? `${line.description} × ${line.quantity}` : line.description,
    amount: money(line.amount),
  }));
  if (invoice.tax !== '0.00') lines.push({ label: `Sales tax (${invoice.taxRate}%)`, amount: money(invoice.tax) });
  if (invoice.amountPaid !== '0.00') lines.push({ label: 'Paid', amount: `-${formatAmount(invoice.amountPaid)}` });
  return {
    kind: 'amounts',
    caption: `Invoice ${invoice.number}`,
    lines,
    total: { label: 'Balance due', amount: formatAmount(invoice.balance) },
  };
}

async function leadAndCompany(db: Knex, leadId: string) {
  const lead = await findLead(db, leadId);
  if (!lead?.email) return undefined;
  return { lead: { ...lead, email: lead.email }, company: await getCompanyDetails(db) };
}

/** Why an invoice is e-mailed after a charge of the card on file did not go through, and what next. */
export interface CardFailureNotice {
  cardFailure?: 'declined' | 'authentication_required';
  /** When the card is tried again (ISO), after a soft decline. */
  retryAt?: string;
}

/** The words of the e-mail: an invoice, or a card that did not go through. */
function invoiceWords(notice: CardFailureNotice, number: string, balance: string, due: string, timeZone: string) {
  if (notice.cardFailure === 'declined') {
    const retry = notice.retryAt
      ? ` We will try the card again on ${dayOf(notice.retryAt, timeZone)}.`
      : ' We will not try this card again.';
    return {
      heading: `Your card was declined for invoice ${number}`,
      preview: `We could not charge ${balance} to your card on file.`,
      text: `We could not charge ${balance} for your cleaning to your card on file: it was declined.${retry} To pay now, or with another card, open your invoice below.`,
    };
  }
  if (notice.cardFailure === 'authentication_required') {
    return {
      heading: `Please confirm your payment for invoice ${number}`,
      preview: `Your bank asks you to confirm the payment of ${balance}.`,
      text: `Your bank asks you to confirm the payment of ${balance} for your cleaning before it goes through. Open your invoice below and pay by card: your bank will ask you to confirm it there.`,
    };
  }
  return {
    heading: `Your invoice ${number}`,
    preview: `Thank you for having us. ${balance} is due by ${due}.`,
    text: `Thank you for having us. Here is the invoice for your cleaning, due by ${due}.`,
  };
}

/** The invoice of a completed visit with its pay link; undefined when the lead has no address. */
export async function invoiceEmailOf(
  db: Knex,
  args: { invoiceId: string; token: string; origin: string } & CardFailureNotice,
  timeZone: string,
  now: Date,
): Promise<PaymentEmail | undefined> {
  const invoice = await findInvoice(db, args.invoiceId, now);
  const found = await leadAndCompany(db, invoice.leadId);
  if (!found) return undefined;
  const { lead, company } = found;
  const url = invoiceUrlOf(args.origin, args.token);
  const words = invoiceWords(
    args,
    invoice.number,
    formatAmount(invoice.balance),
    dayOf(invoice.dueAt, timeZone),
    timeZone,
  );
  const rendered = await renderEmail({
    variant: 'customer',
    subject: `${words.heading} from ${company.name}: ${formatAmount(invoice.balance)}`,
    heading: words.heading,
    preview: words.preview,
    blocks: [
      { kind: 'paragraph', runs: [`Hello ${lead.firstName},`] },
      { kind: 'paragraph', runs: [words.text] },
      amountsOf(invoice),
      { kind: 'button', label: args.cardFailure ? 'Pay your invoice' : 'View your invoice', href: url },
      { kind: 'paragraph', runs: [cashCheckInstructions(company, invoice.number).join('\n')] },
    ],
    footer: { company, phone: DEFAULT_COMPANY.phone },
  });
  return {
    to: lead.email,
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: {},
    attachments: [],
  };
}

/** The receipt of a payment: how much, how, what is left; undefined without an address. */
export async function receiptEmailOf(
  db: Knex,
  paymentId: string,
  timeZone: string,
  now: Date,
  /** The customer's account (/account), where their receipts are. */
  accountUrl?: string,
): Promise<PaymentEmail | undefined> {
  const found = await findPaymentWithInvoice(db, paymentId, now);
  if (!found) return undefined;
  const { payment, invoice } = found;
  const people = await leadAndCompany(db, invoice.leadId);
  if (!people) return undefined;
  const { lead, company } = people;
  const received = `${formatAmount(payment.amount)} received`;
  const how = `${METHOD_WORDS[payment.method]}${payment.reference ? ` (${payment.method === 'check' ? 'check ' : ''}${payment.reference})` : ''}`;
  const rendered = await renderEmail({
    variant: 'customer',
    subject: `Receipt: ${received} for invoice ${invoice.number}, ${company.name}`,
    heading: 'Thank you for your payment',
    preview: `${received} on ${dayOf(payment.at, timeZone)}.`,
    blocks: [
      { kind: 'paragraph', runs: [`Hello ${lead.firstName},`] },
      {
        kind: 'paragraph',
        runs: [`We received ${formatAmount(payment.amount)} on ${dayOf(payment.at, timeZone)}. Payment: ${how}.`],
      },
      amountsOf(invoice),
      {
        kind: 'note',
        runs: [
          invoice.balance === '0.00'
            ? 'This invoice is paid in full. Keep this e-mail as your receipt.'
            : `${formatAmount(invoice.balance)} is still due on this invoice. Keep this e-mail as your receipt.`,
        ],
      },
      ...(accountUrl
        ? [
            {
              kind: 'paragraph' as const,
              runs: ['Your invoices and receipts are in your account: ', { text: accountUrl, href: accountUrl }],
            },
          ]
        : []),
    ],
    footer: { company, phone: DEFAULT_COMPANY.phone },
  });
  return {
    to: lead.email,
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: {},
    attachments: [],
  };
}
