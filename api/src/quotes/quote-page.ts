// The customer's quote page (GET /q/{token}) as server-rendered HTML: no script at all, the forms are
// plain HTML posts (quote-page.routes.ts), styles inline (the CSP allows inline styles, not scripts).
// It shows the quote and the customer's own name, nothing of the staff's (no status, notes, names).
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import escapeHtml from 'escape-html';
import { customerPageDocument } from '../http/customer-page.ts';
import {
  ALWAYS_INCLUDED,
  CANCELLATION_TERMS,
  GUARANTEE_TERMS,
  INCLUDED,
  recurringPriceLines,
  WELCOME_NOTE,
} from './quote-terms.ts';

const company = DEFAULT_COMPANY;
const e = (value: string | number) => escapeHtml(String(value));

function layout(title: string, body: string): string {
  return customerPageDocument({
    title,
    description: `Your cleaning quote from ${company.name}.`,
    skipTo: 'the quote',
    body,
  });
}

const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`;

function dateText(iso: string | null, timeZone: string): string {
  return iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone }).format(new Date(iso)) : '';
}

function itemsTable(quote: Quote): string {
  const rows = quote.lineItems
    .map(
      (item) =>
        `<tr><td>${e(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${formatAmount(item.unitPrice)}</td><td class="num">${formatAmount(item.amount)}</td></tr>`,
    )
    .join('');
  const discounts = quote.discounts
    .map(
      (d) =>
        `<tr><th scope="row" colspan="3">${e(d.description)}</th><td class="num">−${formatAmount(d.amount)}</td></tr>`,
    )
    .join('');
  const tax =
    quote.tax === '0.00'
      ? ''
      : `<tr><th scope="row" colspan="3">Tax (${e(quote.taxRate)}%)</th><td class="num">${formatAmount(quote.tax)}</td></tr>`;
  return `<table>
<caption class="muted">Prices in US dollars</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="3">Subtotal</th><td class="num">${formatAmount(quote.subtotal)}</td></tr>${discounts}${tax}
<tr class="total"><th scope="row" colspan="3">Total</th><td class="num">${formatAmount(quote.total)}</td></tr></tfoot>
</table>`;
}

/** What the page's forms were sent with, and the problems to show beside their fields. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

const EMPTY_FORM: FormState = { values: {}, errors: {} };

function fieldError(form: FormState, name: string): string {
  const message = form.errors[name];
  return message ? `<p class="error" id="${name}-error">${e(message)}</p>` : '';
}

function described(form: FormState, name: string): string {
  return form.errors[name] ? ` aria-describedby="${name}-error" aria-invalid="true"` : '';
}

function acceptForm(token: string, quote: Quote, form: FormState): string {
  return `<section aria-labelledby="accept-title">
<h2 id="accept-title">Accept this quote</h2>
<p>Type your full name to accept the quote of <strong>${formatAmount(quote.total)}</strong>. Your typed name is your signature. Then pick a time for your first cleaning from our free arrival windows.</p>
<form method="post" action="/q/${e(token)}/accept">
<label for="name">Full name</label>
<input id="name" name="name" autocomplete="name" required minlength="2" maxlength="120" value="${e(form.values.name ?? '')}"${described(form, 'name')}>
${fieldError(form, 'name')}
<label for="note">Anything we should know? (optional)</label>
<textarea id="note" name="note" rows="3" maxlength="1000"${described(form, 'note')}>${e(form.values.note ?? '')}</textarea>
${fieldError(form, 'note')}
<button class="btn btn--primary" type="submit">Accept quote</button>
</form>
</section>
<section aria-labelledby="decline-title">
<details${form.errors.reason ? ' open' : ''}><summary id="decline-title">Not for you? Decline this quote</summary>
<form method="post" action="/q/${e(token)}/decline">
<label for="reason">What would make it work for you? (optional)</label>
<textarea id="reason" name="reason" rows="3" maxlength="1000"${described(form, 'reason')}>${e(form.values.reason ?? '')}</textarea>
${fieldError(form, 'reason')}
<button class="btn btn--secondary" type="submit">Decline quote</button>
</form></details>
</section>`;
}

/** Scheduling's section of an accepted quote's page, and whether it shows a booking (the banner's words follow it). */
export interface BookingSection {
  html: string;
  /** A booking stands (not cancelled): the page says so and invites nobody to pick a time. */
  booked: boolean;
  /** A One Time quote's visit has taken place: nothing more to book or change by the link. */
  done?: boolean;
}

function answeredBanner(quote: Quote, timeZone: string, booking: BookingSection | undefined): string {
  if (quote.status === 'accepted') {
    // The booking section below picks the first cleaning (the page sends nobody to another site), or
    // shows the booking: then the banner invites nobody to pick a time.
    const next = !booking
      ? `Call us at ${company.phone} to book your first cleaning.`
      : booking.done
        ? 'Thank you for letting us clean for you.'
        : booking.booked
          ? 'Your cleaning is booked: the time is below.'
          : 'Pick your first cleaning below.';
    return `<div class="banner banner--ok" role="status"><h2>Thank you, you accepted this quote</h2>
<p>Accepted on ${e(dateText(quote.answeredAt, timeZone))}${quote.acceptance ? ` by ${e(quote.acceptance.name)}` : ''}. ${e(next)}</p></div>`;
  }
  return `<div class="banner banner--info" role="status"><h2>You declined this quote</h2>
<p>Thank you for letting us know. If anything changes, call us or <a href="/quote">ask for a new quote</a>.</p></div>`;
}

/** A recurring quote's two prices: the first cleaning (with the promotion) and each one after it. */
function recurringPrices(quote: Quote): string {
  const lines = recurringPriceLines(quote);
  if (!lines) return '';
  return `<div class="prices">${lines.map((line) => `<p><strong>${e(line.price)}</strong>${e(line.detail)}</p>`).join('\n')}</div>`;
}

/** The page of a quote the customer can still answer, or has answered. */
export function renderQuotePage(args: {
  token: string;
  quote: Quote;
  firstName: string;
  timeZone: string;
  form?: FormState;
  /** The booking section of an accepted quote (scheduling renders it): free windows, or the booking. */
  booking?: BookingSection;
  /** The card-on-file section of a booked quote (payments renders it). */
  card?: string;
}): string {
  const { token, quote, timeZone } = args;
  const form = args.form ?? EMPTY_FORM;
  const isOpen = quote.status === 'sent';
  const problems = Object.keys(form.errors).length;
  const body = `
<h1>Your cleaning quote, ${e(args.firstName)}</h1>
<p class="muted">Quote ${quote.version} · valid until ${e(dateText(quote.validUntil, timeZone))}</p>
${problems ? `<div class="banner banner--error" role="alert"><p>Please check the form: ${problems === 1 ? 'one answer needs' : `${problems} answers need`} your attention.</p></div>` : ''}
${isOpen ? '' : answeredBanner(quote, timeZone, args.booking)}
${args.booking?.html ?? ''}
${args.card ?? ''}
${quote.message ? `<section aria-labelledby="message-title"><h2 id="message-title">A note from our team</h2><p>${e(quote.message)}</p></section>` : ''}
<section aria-labelledby="items-title">
<h2 id="items-title">Your quote</h2>
${itemsTable(quote)}
${recurringPrices(quote)}
${quote.welcomeDiscount ? `<p class="muted">${e(WELCOME_NOTE)}</p>` : ''}
<p><a href="/q/${e(token)}/pdf" download>Download this quote as a PDF</a></p>
</section>
<section aria-labelledby="included-title">
<h2 id="included-title">What is included</h2>
${list([...INCLUDED[quote.cleaning.cleaningType], ALWAYS_INCLUDED])}
</section>
<section aria-labelledby="guarantee-title">
<h2 id="guarantee-title">Our guarantee</h2>
${list(GUARANTEE_TERMS)}
</section>
<section aria-labelledby="terms-title">
<h2 id="terms-title">Scheduling, cancellation and payment</h2>
${list(CANCELLATION_TERMS)}
</section>
${isOpen ? acceptForm(token, quote, form) : ''}`;
  return layout(`Your quote from ${company.name}`, body);
}

export type ClosedLinkKind = 'unknown' | 'expired' | 'superseded' | 'withdrawn' | 'closed';

/** Which closed page a refusal of a link shows (404: unknown; a 410 by its message). */
export function closedKindOf(error: { status: number; message: string }): ClosedLinkKind {
  if (error.status === 404) return 'unknown';
  if (error.message === API_ERRORS.quoteLinkSuperseded) return 'superseded';
  if (error.message === API_ERRORS.quoteLinkWithdrawn(company.phone)) return 'withdrawn';
  if (error.message === API_ERRORS.quoteLinkClosed(company.phone)) return 'closed';
  return 'expired';
}

/** The page of a link that cannot be answered: unknown (404); expired, replaced, withdrawn or closed (410). */
export function renderClosedQuotePage(message: string, kind: ClosedLinkKind): string {
  const title = {
    unknown: 'We could not find this quote',
    expired: 'This quote has expired',
    superseded: 'This quote was updated',
    withdrawn: 'This quote was withdrawn',
    closed: 'This offer is closed',
  }[kind];
  const call = `<a class="btn btn--primary" href="tel:${e(company.phone.replace(/[^\d+]/g, ''))}">Call us at ${e(company.phone)}</a>`;
  const action =
    kind === 'superseded'
      ? `<p>Open the link in our latest message, or call us at ${e(company.phone)}.</p>`
      : kind === 'withdrawn' || kind === 'closed'
        ? call
        : `<a class="btn btn--primary" href="/quote">Request a new quote</a>`;
  return layout(
    `${title} · ${company.name}`,
    `<h1>${e(title)}</h1><section aria-labelledby="closed-title"><h2 id="closed-title" class="muted">What now?</h2><p>${e(message)}</p>${action}</section>`,
  );
}
