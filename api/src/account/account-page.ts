// The customer's account page (/account) as server-rendered HTML in the quote page's look: no script,
// every change a plain HTML form post (account-page.routes.ts) answered by a redirect to the page.
import { type Account, ACCOUNT_LINK_MINUTES, ACCOUNT_MESSAGE_MAX, type AccountVisit } from '@shine/shared/account';
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import { cardLabelOf } from '@shine/shared/payments';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { LeadMessages } from '@shine/shared/responses/conversations';
import { formatArrivalWindow } from '@shine/shared/scheduling';
import escapeHtml from 'escape-html';
import { customerPageDocument } from '../http/customer-page.ts';

const company = DEFAULT_COMPANY;
const e = (value: string | number) => escapeHtml(String(value));
const telHref = `tel:${company.phone.replace(/[^\d+]/g, '')}`;

const ACCOUNT_STYLES = `.row{display:flex;flex-wrap:wrap;gap:var(--space-2);align-items:center}
.row form{margin:0}.row .btn{margin-top:0}
.visit{border-top:1px solid var(--color-border);padding:var(--space-3) 0}
.visit:first-of-type{border-top:0}
.visit h3{font-size:var(--text-lg);margin:0}
.visit p{margin:var(--space-1) 0}
.check{display:flex;align-items:center;gap:var(--space-2);font-weight:400;min-height:44px}
.check input{width:auto;min-height:0;margin:0}
.thread{list-style:none;padding:0}
.thread li{border-left:3px solid var(--color-border);padding:var(--space-1) var(--space-3);margin:var(--space-2) 0}
.thread li.in{border-color:var(--color-primary)}
.header-row{display:flex;justify-content:space-between;align-items:center;gap:var(--space-2);flex-wrap:wrap}`;

function layout(title: string, body: string): string {
  return customerPageDocument({
    title,
    description: `Your account with ${company.name}: your cleanings, invoices and messages.`,
    skipTo: 'your account',
    body,
    styles: ACCOUNT_STYLES,
  });
}

export type Notice = { kind: 'ok' | 'info' | 'error'; text: string };

function banner(notice: Notice | undefined): string {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return `<div class="banner banner--${notice.kind}" role="${role}"><p>${e(notice.text)}</p></div>`;
}

/** The sign-in page: the e-mail address, and the message of a link asked for, spent or unknown. */
export function renderSignInPage(args: { notice?: Notice; email?: string; error?: string }): string {
  const error = args.error ? `<p class="error" id="email-error">${e(args.error)}</p>` : '';
  const described = args.error ? ' aria-describedby="email-error" aria-invalid="true"' : '';
  return layout(
    `Your account · ${company.name}`,
    `<h1>Your account</h1>
${banner(args.notice)}
<section aria-labelledby="sign-in-title">
<h2 id="sign-in-title">Sign in with your e-mail</h2>
<p>See your upcoming cleanings, skip or move a visit, read your invoices and send us a message. Type the e-mail address you gave us: we send you a link that signs you in (it works once, for ${ACCOUNT_LINK_MINUTES} minutes). No password needed.</p>
<form method="post" action="/account/sign-in-link">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${e(args.email ?? '')}"${described}>
${error}
<button class="btn btn--primary" type="submit">Send me a sign-in link</button>
</form>
</section>`,
  );
}

const dayText = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone }).format(new Date(iso));

const STATUS_WORDS: Record<AccountVisit['status'], string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
};

function addressText(visit: AccountVisit): string {
  const a = visit.address;
  return a ? [a.line1, a.line2, `${a.city} ${a.zip}`].filter(Boolean).join(', ') : 'Address to be confirmed';
}

function visitActions(visit: AccountVisit, timeZone: string): string {
  if (visit.status !== 'scheduled') return '';
  if (!visit.canChange) return `<p class="muted">${e(BOOKING_MESSAGES.tooLate(company.phone))}</p>`;
  const when = e(formatArrivalWindow(Date.parse(visit.start), Date.parse(visit.arrivalEnd), timeZone));
  const skip = visit.recurring
    ? `<form method="post" action="/account/visits/${e(visit.id)}"><input type="hidden" name="status" value="skipped"><button class="btn btn--secondary" type="submit">Skip this visit<span class="visually-hidden"> (${when})</span></button></form>`
    : '';
  return `<div class="row">${skip}
<a class="btn btn--secondary" href="/account/visits/${e(visit.id)}/move">Move this visit<span class="visually-hidden"> (${when})</span></a></div>
<details><summary>Cancel ${visit.recurring ? 'my cleanings from this visit on' : 'this cleaning'}</summary>
<p>${visit.recurring ? 'This visit and every one after it are cancelled. The visits before it stay as booked.' : 'Your cleaning is cancelled.'}</p>
<form method="post" action="/account/visits/${e(visit.id)}"><input type="hidden" name="status" value="cancelled"><button class="btn btn--secondary" type="submit">Yes, cancel</button></form>
</details>`;
}

function visitItem(visit: AccountVisit, timeZone: string, actions: boolean): string {
  const window = formatArrivalWindow(Date.parse(visit.start), Date.parse(visit.arrivalEnd), timeZone);
  return `<article class="visit" aria-labelledby="visit-${e(visit.id)}">
<h3 id="visit-${e(visit.id)}">${e(dayText(visit.start, timeZone))}</h3>
<p>Arrival: ${e(window)} · ${e(STATUS_WORDS[visit.status])}</p>
<p>${e(visit.crew)} · ${e(addressText(visit))}${visit.price ? ` · ${e(formatAmount(visit.price))}` : ''}</p>
${actions ? visitActions(visit, timeZone) : ''}
</article>`;
}

const INVOICE_WORDS = { open: 'Open', past_due: 'Past due', paid: 'Paid', void: 'Void' } as const;

function invoicesSection(invoices: Account['invoices']): string {
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td><a href="${e(invoice.url)}">${e(invoice.number)}</a></td><td>${e(INVOICE_WORDS[invoice.status])}</td><td class="num">${e(formatAmount(invoice.total))}</td><td class="num">${e(formatAmount(invoice.balance))}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="invoices-title"><h2 id="invoices-title">Invoices and receipts</h2>
${
  invoices.length
    ? `<table><thead><tr><th scope="col">Invoice</th><th scope="col">Status</th><th scope="col" class="num">Total</th><th scope="col" class="num">Balance</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No invoices yet: each cleaning’s invoice appears here once it is done.</p>'
}
</section>`;
}

function cardSection(card: Account['card']): string {
  return `<section aria-labelledby="card-title"><h2 id="card-title">Card on file</h2>
${
  card
    ? `<p>${e(cardLabelOf(card))}: charged automatically after each completed cleaning, under the terms you agreed to when you saved it.</p>
<form method="post" action="/account/card/remove"><button class="btn btn--secondary" type="submit">Remove this card</button></form>`
    : '<p class="muted">No card on file: each cleaning’s invoice comes with a link to pay it. After you book, your quote page offers to save a card for automatic payment.</p>'
}
</section>`;
}

function preferencesSection(preferences: Account['preferences']): string {
  const checked = (on: boolean) => (on ? ' checked' : '');
  return `<section aria-labelledby="preferences-title"><h2 id="preferences-title">Preferences</h2>
<form method="post" action="/account/preferences">
<input type="hidden" name="sent" value="1">
<label class="check"><input type="checkbox" name="sms" value="on"${checked(preferences.sms)}> Text me reminders and updates about my cleanings (Msg &amp; data rates may apply; reply STOP to opt out)</label>
<label class="check"><input type="checkbox" name="email" value="on"${checked(preferences.email)}> E-mail me reminders before my cleanings</label>
<button class="btn btn--primary" type="submit">Save preferences</button>
</form></section>`;
}

function messagesSection(thread: LeadMessages['items'], timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const items = thread
    .filter((message) => message.status !== 'pending' && message.status !== 'failed')
    .slice(-20)
    .map(
      (message) =>
        `<li class="${message.direction}"><p class="muted">${message.direction === 'in' ? 'You' : e(company.name)} · ${e(time.format(new Date(message.at)))}</p><p>${e(message.body)}</p></li>`,
    )
    .join('');
  return `<section aria-labelledby="messages-title"><h2 id="messages-title">Messages</h2>
${items ? `<ol class="thread">${items}</ol>` : '<p class="muted">No messages yet.</p>'}
<form method="post" action="/account/messages">
<label for="text">Send us a message</label>
<textarea id="text" name="text" rows="4" required maxlength="${ACCOUNT_MESSAGE_MAX}"></textarea>
<button class="btn btn--primary" type="submit">Send message</button>
</form></section>`;
}

/** What the customer last asked for: the "Book another cleaning" form starts from it. */
export interface LastRequest {
  cleaningType: string | null;
  frequency: string | null;
  bedrooms: string | null;
  bathrooms: string | null;
}

function choice(id: string, label: string, options: readonly string[], current: string | null): string {
  const items = options
    .map((option) => `<option${option === current ? ' selected' : ''}>${e(option)}</option>`)
    .join('');
  return `<label for="${id}">${e(label)}</label><select id="${id}" name="${id}" required>${items}</select>`;
}

function anotherCleaningSection(last: LastRequest): string {
  return `<section aria-labelledby="another-title"><h2 id="another-title">Book another cleaning</h2>
<p>We have your details: pick what you would like and we will send you a quote or a time.</p>
<form method="post" action="/account/requests">
${choice('cleaningType', 'Cleaning', CLEANING_TYPES, last.cleaningType)}
${choice('frequency', 'How often', FREQUENCIES, last.frequency)}
${choice('bedrooms', 'Bedrooms', BEDROOM_CHOICES, last.bedrooms)}
${choice('bathrooms', 'Bathrooms', BATHROOM_CHOICES, last.bathrooms)}
<label for="notes">Anything we should know? (optional)</label>
<textarea id="notes" name="notes" rows="3" maxlength="2000"></textarea>
<button class="btn btn--primary" type="submit">Ask for this cleaning</button>
</form></section>`;
}

/** The signed-in customer's page. */
export function renderAccountPage(args: {
  account: Account;
  thread: LeadMessages['items'];
  timeZone: string;
  now: Date;
  lastRequest: LastRequest;
  notice?: Notice;
}): string {
  const { account, timeZone, now } = args;
  const upcoming = account.visits.filter((visit) => Date.parse(visit.end) >= now.getTime());
  const past = account.visits.filter((visit) => Date.parse(visit.end) < now.getTime());
  const body = `<div class="header-row"><h1>Hello, ${e(account.customer.firstName || 'there')}</h1>
<form method="post" action="/account/sign-out"><button class="btn btn--secondary" type="submit">Sign out</button></form></div>
<p class="muted">Signed in as ${e(account.customer.email)}</p>
${banner(args.notice)}
<section aria-labelledby="upcoming-title"><h2 id="upcoming-title">Upcoming cleanings</h2>
<p class="muted">${e(BOOKING_MESSAGES.policy)}</p>
${upcoming.length ? upcoming.map((visit) => visitItem(visit, timeZone, true)).join('') : '<p>No cleanings booked. <a href="/quote">Book a cleaning</a>.</p>'}
</section>
${past.length ? `<section aria-labelledby="past-title"><h2 id="past-title">Past cleanings</h2>${past.map((visit) => visitItem(visit, timeZone, false)).join('')}</section>` : ''}
${anotherCleaningSection(args.lastRequest)}
${invoicesSection(account.invoices)}
${cardSection(account.card)}
${preferencesSection(account.preferences)}
${messagesSection(args.thread, timeZone)}`;
  return layout(`Your account · ${company.name}`, body);
}

/** The free windows a visit can move to, each a radio button of one form. */
export function renderMovePage(args: {
  visit: AccountVisit;
  slots: ReadonlyArray<{ start: string; end: string }>;
  timeZone: string;
  notice?: Notice;
}): string {
  const { visit, timeZone } = args;
  const options = args.slots
    .map(
      (slot, i) =>
        `<label class="slot"><input type="radio" name="start" value="${e(slot.start)}"${i === 0 ? ' required' : ''}> ${e(formatArrivalWindow(Date.parse(slot.start), Date.parse(slot.end), timeZone))}</label>`,
    )
    .join('');
  return layout(
    `Move a visit · ${company.name}`,
    `<h1>Move a visit</h1>
${banner(args.notice)}
<p>Now: ${e(formatArrivalWindow(Date.parse(visit.start), Date.parse(visit.arrivalEnd), timeZone))}. Pick a new arrival window; the rest of your cleanings stay as booked.</p>
<section aria-labelledby="windows-title"><h2 id="windows-title">Free arrival windows</h2>
${
  options
    ? `<form method="post" action="/account/visits/${e(visit.id)}/move"><fieldset><legend>Arrival window</legend><div class="slots">${options}</div></fieldset><button class="btn btn--primary" type="submit">Move my visit</button></form>`
    : `<p>No free window in the next three weeks. Call us at <a href="${e(telHref)}">${e(company.phone)}</a>.</p>`
}
</section>
<p><a href="/account">Back to your account</a></p>`,
  );
}
