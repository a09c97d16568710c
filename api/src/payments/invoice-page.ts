// The customer's invoice page (GET /i/{token}) as server-rendered HTML: no script at all, styles
// inline (the CSP allows inline styles, not scripts). It shows the invoice, what was paid and how to
// pay by cash or check; nothing of the staff's.
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Invoice } from '@shine/shared/responses/payments';
import escapeHtml from 'escape-html';
import { customerPageDocument } from '../http/customer-page.ts';
import { cashCheckInstructions } from './payment-instructions.ts';

const company = DEFAULT_COMPANY;
const e = (value: string | number) => escapeHtml(String(value));

const telHref = `tel:${company.phone.replace(/[^\d+]/g, '')}`;

function layout(title: string, body: string): string {
  return customerPageDocument({
    title,
    description: `Your invoice from ${company.name}.`,
    skipTo: 'the invoice',
    body,
  });
}

/** "-40.00" → "−$40.00"; "40.00" → "$40.00". */
const money = (amount: string) => (amount.startsWith('-') ? `−${formatAmount(amount.slice(1))}` : formatAmount(amount));

function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

const STATUS_BANNERS: Record<Invoice['status'], (invoice: Invoice, timeZone: string) => string> = {
  open: (invoice, timeZone) =>
    `<p class="banner banner--info">${e(money(invoice.balance))} is due by ${e(dayOf(invoice.dueAt, timeZone))}.</p>`,
  past_due: (invoice, timeZone) =>
    `<p class="banner banner--error">${e(money(invoice.balance))} was due on ${e(dayOf(invoice.dueAt, timeZone))}. Please pay at your earliest convenience, or call us.</p>`,
  paid: () => '<p class="banner banner--ok">Paid in full. Thank you!</p>',
  void: () => '<p class="banner banner--info">This invoice was cancelled: nothing is due.</p>',
};

function linesTable(invoice: Invoice): string {
  const rows = invoice.lines
    .map(
      (line) =>
        `<tr><td>${e(line.description)}</td><td class="num">${line.quantity}</td><td class="num">${e(money(line.amount))}</td></tr>`,
    )
    .join('');
  const tax =
    invoice.tax === '0.00'
      ? ''
      : `<tr><th scope="row" colspan="2">Sales tax (${e(invoice.taxRate)}%)</th><td class="num">${e(money(invoice.tax))}</td></tr>`;
  const paid =
    invoice.amountPaid === '0.00'
      ? ''
      : `<tr><th scope="row" colspan="2">Paid</th><td class="num">${e(money(`-${invoice.amountPaid}`))}</td></tr>`;
  return `<table>
<caption class="muted">Prices in US dollars</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Subtotal</th><td class="num">${e(money(invoice.subtotal))}</td></tr>
${invoice.discount === '0.00' ? '' : `<tr><th scope="row" colspan="2">Discounts</th><td class="num">${e(money(`-${invoice.discount}`))}</td></tr>`}${tax}
<tr><th scope="row" colspan="2">Total</th><td class="num">${e(money(invoice.total))}</td></tr>
${invoice.fees === '0.00' ? '' : `<tr><th scope="row" colspan="2">Fees</th><td class="num">${e(money(invoice.fees))}</td></tr>`}${paid}
<tr class="total"><th scope="row" colspan="2">Balance due</th><td class="num">${e(money(invoice.balance))}</td></tr></tfoot>
</table>`;
}

export function renderInvoicePage(
  invoice: Invoice,
  context: {
    timeZone: string;
    company: { name: string; postalAddress: string };
    /** The link's token when card payments are on (STRIPE_SECRET_KEY): the page offers "Pay by card". */
    cardToken?: string;
  },
): string {
  const owed = invoice.status === 'open' || invoice.status === 'past_due';
  const byCard =
    owed && context.cardToken
      ? `<form method="post" action="/i/${e(context.cardToken)}/pay"><p>Pay ${e(money(invoice.balance))} by card (Visa, Mastercard, American Express, Discover) on our payment processor Stripe's secure page.</p><button class="btn btn--primary" type="submit">Pay by card</button></form>`
      : '';
  const howToPay = owed
    ? `<section aria-labelledby="pay-title"><h2 id="pay-title">How to pay</h2>${byCard}${cashCheckInstructions(
        context.company,
        invoice.number,
      )
        .map((line) => `<p>${e(line)}</p>`)
        .join('')}<a class="btn btn--primary" href="${e(telHref)}">Call us at ${e(company.phone)}</a></section>`
    : '';
  return layout(
    `Invoice ${invoice.number} · ${company.name}`,
    `<h1>Invoice ${e(invoice.number)}</h1>
<p class="muted">For ${e(invoice.leadName)} · issued ${e(dayOf(invoice.createdAt, context.timeZone))}</p>
${STATUS_BANNERS[invoice.status](invoice, context.timeZone)}
<section aria-labelledby="lines-title"><h2 id="lines-title">Your cleaning</h2>${linesTable(invoice)}</section>
${howToPay}`,
  );
}

/** A link that names no invoice (404). */
export function renderUnknownInvoicePage(): string {
  return layout(
    `Invoice not found · ${company.name}`,
    `<h1>We could not find this invoice</h1><section aria-labelledby="what-title"><h2 id="what-title" class="muted">What now?</h2><p>Check the link in our e-mail, or call us at ${e(company.phone)}.</p><a class="btn btn--primary" href="${e(telHref)}">Call us at ${e(company.phone)}</a></section>`,
  );
}
