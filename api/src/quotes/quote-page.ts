// The customer's quote page (GET /q/{token}) as server-rendered HTML: no script at all, the forms are
// plain HTML posts (quote-page.routes.ts), styles inline (the CSP allows inline styles, not scripts).
// It shows the quote and the customer's own name, nothing of the staff's (no status, notes, names).
import { buildCssVariables } from '@shine/design-tokens';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import escapeHtml from 'escape-html';
import { linkPageDocument } from '../http/link-page.ts';
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

export const STYLES = `${buildCssVariables()}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);line-height:1.6}
a{color:var(--color-primary)}
.skip{position:absolute;left:-999px}.skip:focus{left:var(--space-4);top:var(--space-4);background:#fff;padding:var(--space-2)}
header,footer{background:var(--color-surface);padding:var(--space-4) var(--space-5)}
header a{font-weight:700;font-size:var(--text-xl);text-decoration:none;color:var(--color-primary)}
footer{color:var(--color-text-muted);font-size:var(--text-sm);border-top:1px solid var(--color-border)}
main{max-width:46rem;margin:0 auto;padding:var(--space-5) var(--space-4)}
section{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-md);padding:var(--space-5);margin:0 0 var(--space-5);box-shadow:var(--shadow-card)}
h1{font-size:var(--text-3xl);line-height:1.2;margin:0 0 var(--space-2)}
h2{font-size:var(--text-xl);margin:0 0 var(--space-3)}
.muted{color:var(--color-text-muted)}
table{width:100%;border-collapse:collapse}
th,td{padding:var(--space-2) var(--space-1);text-align:left;vertical-align:top;border-bottom:1px solid var(--color-border)}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th{font-weight:600}
.total th,.total td{font-size:var(--text-lg);font-weight:700;border-bottom:0}
.banner{border-radius:var(--radius-md);padding:var(--space-4);margin:0 0 var(--space-5);border:1px solid}
.banner--ok{background:var(--color-accent-soft);border-color:var(--color-success)}
.banner--info{background:var(--color-primary-soft);border-color:var(--color-primary)}
.banner--error{background:var(--color-promo-soft);border-color:var(--color-danger)}
label{display:block;font-weight:600;margin:var(--space-3) 0 var(--space-1)}
input,select,textarea{font:inherit;width:100%;min-height:44px;padding:var(--space-2);border:1px solid var(--color-text-muted);border-radius:var(--radius-sm);background:#fff;color:var(--color-text)}
fieldset{border:1px solid var(--color-border);border-radius:var(--radius-sm);margin:var(--space-4) 0;padding:var(--space-3)}
legend{font-weight:600;padding:0 var(--space-1)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:var(--space-2) var(--space-5);border-radius:var(--radius-pill);font:inherit;font-weight:700;text-decoration:none;border:2px solid var(--color-primary);cursor:pointer;margin-top:var(--space-4)}
.btn--primary{background:var(--color-primary);color:#fff}
.btn--secondary{background:#fff;color:var(--color-primary)}
.error{color:var(--color-danger);font-weight:600;margin:var(--space-1) 0 0}
:focus-visible{outline:3px solid var(--color-primary);outline-offset:2px}
.prices{display:grid;gap:var(--space-1);margin:var(--space-4) 0 0}
.slots{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:var(--space-2)}
.slot{display:flex;align-items:center;gap:var(--space-2);min-height:44px;margin:0;padding:var(--space-2);border:1px solid var(--color-border);border-radius:var(--radius-sm);font-weight:400;cursor:pointer}
.slot input{width:auto;min-height:0;margin:0}
.visits{padding-left:var(--space-5)}
.visits li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--space-2);padding:var(--space-1) 0}
.agree{display:flex;gap:var(--space-2);align-items:center;font-weight:400;min-height:44px}.agree input{width:24px;height:24px;min-height:0;margin:0;flex:none}
.visit-skip{margin:0}.visit-skip .btn{margin-top:0;padding:var(--space-1) var(--space-4)}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
summary{cursor:pointer;font-weight:700;min-height:44px;display:flex;align-items:center}
ul{padding-left:var(--space-5)}
@media (max-width:32rem){h1{font-size:var(--text-2xl)}section{padding:var(--space-4)}}`;

function layout(title: string, body: string): string {
  return linkPageDocument({
    title,
    styles: STYLES,
    description: `Your cleaning quote from ${company.name}.`,
    body: `<a class="skip" href="#main">Skip to the quote</a>
<header><a href="/">${e(company.name)}</a></header>
<main id="main">
${body}
</main>
<footer><p>${e(company.name)} · <a href="tel:${e(company.phone.replace(/[^\d+]/g, ''))}">${e(company.phone)}</a> · <a href="mailto:${e(company.email)}">${e(company.email)}</a></p></footer>`,
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
