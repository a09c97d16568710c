// The booking part of the customer's quote page (/q/{token}), in plain HTML like the rest of it: the
// free arrival windows of the next three weeks as radio buttons grouped by day, picking one books it;
// then the booking, with "change the time" and "cancel" until 24 hours before the next visit, "skip"
// on each visit of a series until 24 hours before that visit (never
// once a One Time quote's visit has taken place), and
// the brief's policy (docs/requirements.md) with the phone number inside them. The first booking also
// asks where to clean (street, unit, city, ZIP: prefilled from the lead's saved address, else its
// request's ZIP; a city outside the service area is refused with the phone number). The forms post to /q/{token}/booking…, answered
// 303 back to the page, or the page again with what went wrong (a window taken meanwhile: the message
// and the fresh windows). quote-page.routes.ts mounts these routes and places the section.
import {
  type Booking,
  BOOKING_MESSAGES,
  bookingRequestSchema,
  CHANGE_NOTICE_HOURS,
  visitIdParamsSchema,
  SLOT_DAYS_DEFAULT,
  type Slot,
} from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { EVERY } from '@shine/shared/scheduling';
import {
  customerServiceAddressSchema,
  formatServiceAddress,
  SERVICE_ADDRESS_MESSAGES,
  SERVICE_AREA_CITIES,
  type ServiceAddress,
} from '@shine/shared/service-address';
import type { Quote } from '@shine/shared/responses/quotes';
import escapeHtml from 'escape-html';
import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { bookingChangeRateLimits } from '../http/rate-limits.ts';
import { sendHtml } from '../http/link-page.ts';
import { findLead } from '../leads/index.ts';
import {
  type BookingSection,
  closedKindOf,
  type QuotePageBooking,
  renderAcceptedQuotePage,
  renderClosedQuotePage,
} from '../quotes/index.ts';
import { quotePageUrl } from './scheduling.routes.ts';
import {
  bookFromQuote,
  canCustomerChange,
  cancelFromQuote,
  findBookingOfQuote,
  rescheduleFromQuote,
  skipVisitFromQuote,
} from './customer-booking.service.ts';
import { alternativeSlots, customerSlots, isOneTimeUsedUp, SlotRefusedError } from './free-windows.service.ts';
import { describeArrival } from './visit-answers.service.ts';

const e = (value: string | number) => escapeHtml(String(value));
const company = DEFAULT_COMPANY;
const phoneLink = `<a href="tel:${e(company.phone.replace(/[^\d+]/g, ''))}">${e(company.phone)}</a>`;

function hours(minutes: number): string {
  const whole = minutes / 60;
  return `${Number.isInteger(whole) ? whole : whole.toFixed(1)} hours`;
}

/** The windows as radio buttons, one group per day ("Tuesday, December 1"). */
function slotPicker(slots: readonly Slot[], timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const groups = new Map<string, Slot[]>();
  for (const slot of slots) {
    const label = day.format(new Date(slot.start));
    groups.set(label, [...(groups.get(label) ?? []), slot]);
  }
  return [...groups]
    .map(
      ([label, group]) =>
        `<fieldset><legend>${e(label)}</legend><div class="slots">${group
          .map(
            (slot) =>
              `<label class="slot"><input type="radio" name="start" value="${e(slot.start)}" required> ${e(time.format(new Date(slot.start)))} – ${e(time.format(new Date(slot.end)))}</label>`,
          )
          .join('')}</div></fieldset>`,
    )
    .join('\n');
}

/** The address fields' names in the form, and what each says. */
const ADDRESS_FIELDS = [
  { name: 'line1', label: 'Street address', autocomplete: 'address-line1', required: true, max: 120 },
  {
    name: 'line2',
    label: 'Apartment, suite or unit (optional)',
    autocomplete: 'address-line2',
    required: false,
    max: 60,
  },
  { name: 'city', label: 'City', autocomplete: 'address-level2', required: true, max: 60 },
  { name: 'zip', label: 'ZIP code', autocomplete: 'postal-code', required: true, max: 10 },
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number]['name'];

/** The address form's values and the problems to show beside its fields. */
export interface AddressForm {
  values: Partial<Record<AddressField, string>>;
  errors: Partial<Record<AddressField, string>>;
}

function addressFields(form: AddressForm): string {
  const fields = ADDRESS_FIELDS.map((field) => {
    const id = `address-${field.name}`;
    const error = form.errors[field.name];
    const described = error ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
    const extra =
      field.name === 'city'
        ? ' list="service-cities"'
        : field.name === 'zip'
          ? ' inputmode="numeric" pattern="\\d{5}(-\\d{4})?"'
          : '';
    return `<label for="${id}">${e(field.label)}</label>
<input id="${id}" name="${field.name}" autocomplete="${field.autocomplete}"${field.required ? ' required' : ''} maxlength="${field.max}"${extra} value="${e(form.values[field.name] ?? '')}"${described}>
${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}`;
  }).join('\n');
  return `<fieldset><legend>Where should we clean?</legend>
<p class="muted">We clean in ${SERVICE_AREA_CITIES.length} Dallas-Fort Worth cities. Elsewhere? Call us at ${phoneLink}.</p>
${fields}
<datalist id="service-cities">${SERVICE_AREA_CITIES.map((city) => `<option value="${e(city)}"></option>`).join('')}</datalist>
</fieldset>`;
}

function pickForm(
  token: string,
  action: string,
  slots: readonly Slot[],
  timeZone: string,
  button: string,
  address?: AddressForm,
): string {
  if (slots.length === 0) {
    return `<p>Our next three weeks are fully booked online. Call us at ${phoneLink} and we will find you a time.</p>`;
  }
  return `<form method="post" action="/q/${e(token)}/${action}">
${address ? addressFields(address) : ''}
${slotPicker(slots, timeZone)}
<button class="btn btn--primary" type="submit">${e(button)}</button>
</form>`;
}

/**
 * The visits, each of a recurring series with its own "Skip" form while it is 24 hours or more away
 * (the notice is each visit's own: a later visit can be skipped inside the next one's 24 hours).
 */
function visitList(token: string, booking: Booking, timeZone: string, now: Date): string {
  const recurring = booking.frequency !== 'One Time';
  const items = booking.visits.map((visit) => {
    const when = describeArrival(new Date(visit.start), new Date(visit.arrivalEnd), timeZone);
    const state = visit.status === 'scheduled' ? '' : ` (${visit.status})`;
    const skippable =
      recurring &&
      visit.status === 'scheduled' &&
      Date.parse(visit.start) - now.getTime() >= CHANGE_NOTICE_HOURS * 3_600_000;
    const skip = skippable
      ? `<form method="post" action="/q/${e(token)}/visits/${e(visit.id)}/skip" class="visit-skip"><button class="btn btn--secondary" type="submit">Skip<span class="visually-hidden"> the cleaning of ${e(when)}</span></button></form>`
      : '';
    return `<li><span>${e(when)}${e(state)}</span>${skip}</li>`;
  });
  return `<ul class="visits">${items.join('')}</ul>${
    recurring
      ? `<p>Away or busy one time? Skip that cleaning: the others stay as booked. ${e(BOOKING_MESSAGES.policy)}</p>`
      : ''
  }`;
}

export interface BookingSectionArgs {
  token: string;
  quote: Quote;
  booking: Booking | undefined;
  slots: readonly Slot[];
  durationMinutes: number;
  timeZone: string;
  now: Date;
  /** What went wrong with the last post (a window taken meanwhile). */
  notice?: string;
  /** The first booking's address fields: prefilled, or as the customer sent them with their problems. */
  address: AddressForm;
  /** The lead's saved service address on one line, shown with the booking. */
  where?: string;
}

/** Whether the section shows a booking (a cancelled one offers the windows again). */
export function isBooked(booking: Booking | undefined): boolean {
  return booking !== undefined && booking.status !== 'cancelled';
}

/** The section: the windows to pick, or the booking and how to change it. */
export function renderBookingSection(args: BookingSectionArgs): string {
  const { token, quote, booking, slots, timeZone } = args;
  const notice = args.notice ? `<div class="banner banner--error" role="alert"><p>${e(args.notice)}</p></div>` : '';
  const frequency = quote.recurring
    ? ` Your cleanings then repeat ${EVERY[quote.recurring.frequency] ?? ''} in the same window.`
    : '';
  if (!booking || !isBooked(booking)) {
    const again = booking ? '<p>Your earlier booking was cancelled. Pick a new time whenever you are ready.</p>' : '';
    return `<section aria-labelledby="booking-title">
<h2 id="booking-title">Book your first cleaning</h2>
${notice}${again}
<p>Pick an arrival window: our crew arrives within it and the cleaning takes about ${e(hours(args.durationMinutes))}.${e(frequency)}</p>
${pickForm(token, 'booking', slots, timeZone, 'Book this time', args.address)}
</section>`;
  }
  const next = booking.visits.find((visit) => visit.status === 'scheduled');
  const changes = canCustomerChange(booking, args.now)
    ? `<details><summary>Change the time</summary>
<p>${e(BOOKING_MESSAGES.policy)}</p>
${pickForm(token, 'booking/change', slots, timeZone, 'Move my cleaning')}
</details>
<details><summary>Cancel the booking</summary>
<form method="post" action="/q/${e(token)}/booking/cancel">
<p>Every cleaning still to come is cancelled. You can book again from this page.</p>
<button class="btn btn--secondary" type="submit">Cancel my cleaning</button>
</form></details>`
    : `<p>${e(BOOKING_MESSAGES.policy)} To change or cancel your next cleaning, please call us at ${phoneLink}.</p>`;
  return `<section aria-labelledby="booking-title">
<h2 id="booking-title">Your cleaning is booked</h2>
${notice}
${next ? `<p>Next: <strong>${e(describeArrival(new Date(next.start), new Date(next.arrivalEnd), timeZone))}</strong> (arrival window).</p>` : ''}
${args.where ? `<p>Where: <strong>${e(args.where)}</strong>. Moved? Call us at ${phoneLink}.</p>` : ''}
${booking.visits.length > 1 ? `<p>Your next cleanings:</p>${visitList(token, booking, timeZone, args.now)}` : ''}
${changes}
</section>`;
}

/** A One Time quote whose visit has taken place: nothing to pick, change or cancel any more. */
export function renderUsedUpSection(booking: Booking | undefined, timeZone: string, notice?: string): string {
  const visit = booking?.visits.find((v) => v.status !== 'cancelled');
  const when = visit ? ` on ${describeArrival(new Date(visit.start), new Date(visit.arrivalEnd), timeZone)}` : '';
  return `<section aria-labelledby="booking-title">
<h2 id="booking-title">Your cleaning took place</h2>
${notice ? `<div class="banner banner--error" role="alert"><p>${e(notice)}</p></div>` : ''}
<p>Your one-time cleaning${e(when)} has taken place, so there is nothing more to change on this page. For another cleaning, call us at ${phoneLink}.</p>
</section>`;
}

/**
 * The address the booking form sent: its fields as typed (to show again) and the address, or the
 * problems beside each field. All fields empty: none sent (the lead's saved one, if any, is kept).
 */
function addressOfForm(body: Record<string, unknown>): { form: AddressForm; value?: ServiceAddress; notice?: string } {
  const values: AddressForm['values'] = {};
  for (const { name } of ADDRESS_FIELDS) {
    const value = body[name];
    if (typeof value === 'string') values[name] = value;
  }
  if (Object.values(values).every((value) => !value?.trim())) return { form: { values, errors: {} } };
  const parsed = customerServiceAddressSchema.safeParse({ ...values, line2: values.line2 ?? '' });
  if (parsed.success) return { form: { values, errors: {} }, value: parsed.data };
  const errors: AddressForm['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? SERVICE_ADDRESS_MESSAGES.required;
  return { form: { values, errors }, notice: first };
}

/** The section and its form posts, for quote-page.routes.ts. */
export function quotePageBooking(deps: Pick<AppDeps, 'db' | 'config' | 'now'>): QuotePageBooking {
  const { db, config, now } = deps;
  const timeZone = config.businessTimeZone;

  /** The address fields as the page first shows them: the lead's saved address, else its request's ZIP. */
  async function prefilledAddress(quote: Quote): Promise<AddressForm & { where?: string }> {
    const lead = await findLead(db, quote.leadId);
    const saved = lead?.serviceAddress;
    const values = saved
      ? { line1: saved.line1, line2: saved.line2 ?? '', city: saved.city, zip: saved.zip }
      : { zip: lead?.zipcode.trim() ?? '' };
    return { values, errors: {}, ...(saved ? { where: formatServiceAddress(saved) } : {}) };
  }

  async function section(
    token: string,
    quote: Quote,
    notice?: string,
    offered?: readonly Slot[],
    address?: AddressForm,
  ): Promise<BookingSection> {
    const at = now();
    if (await isOneTimeUsedUp(db, quote, at)) {
      const done = await findBookingOfQuote(db, quote.id, timeZone, at);
      return { html: renderUsedUpSection(done, timeZone, notice), booked: true, done: true };
    }
    const [booking, list, saved] = await Promise.all([
      findBookingOfQuote(db, quote.id, timeZone, at),
      customerSlots(db, token, { days: SLOT_DAYS_DEFAULT }, timeZone, at),
      prefilledAddress(quote),
    ]);
    const html = renderBookingSection({
      token,
      quote,
      booking,
      slots: offered && offered.length > 0 ? offered : list.slots,
      durationMinutes: list.durationMinutes,
      timeZone,
      now: at,
      notice,
      address: address ?? saved,
      ...(saved.where ? { where: saved.where } : {}),
    });
    return { html, booked: isBooked(booking) };
  }

  /** The whole page again, with the notice in the booking section (409 and 400 answers). */
  async function pageWith(
    res: Response,
    status: number,
    token: string,
    notice: string,
    offered?: readonly Slot[],
    address?: AddressForm,
  ) {
    const html = await renderAcceptedQuotePage(db, token, timeZone, now(), (quote) =>
      section(token, quote, notice, offered, address),
    );
    sendHtml(res, status, html);
  }

  const post =
    (action: (req: Request<{ token: string }>, start: string, address?: ServiceAddress) => Promise<unknown>) =>
    async (req: Request<{ token: string }>, res: Response) => {
      const { token } = req.params;
      const body = (req.body as Record<string, unknown> | undefined) ?? {};
      const parsed = bookingRequestSchema.safeParse({ start: body.start });
      const address = action === book ? addressOfForm(body) : undefined;
      try {
        if (address?.notice) return await pageWith(res, 400, token, address.notice, undefined, address.form);
        if (action !== cancel && !parsed.success)
          return await pageWith(res, 400, token, 'Pick an arrival window first.', undefined, address?.form);
        await action(req, parsed.data?.start ?? '', address?.value);
        res.redirect(303, `/q/${encodeURIComponent(token)}`);
      } catch (error) {
        if (error instanceof SlotRefusedError) {
          return pageWith(res, 409, token, error.message, await alternativeSlots(db, error, timeZone), address?.form);
        }
        if (error instanceof AppError && error.status === 400) {
          const form = address?.form ?? { values: {}, errors: {} };
          return pageWith(res, 400, token, error.message, undefined, {
            values: form.values,
            errors: {
              line1: SERVICE_ADDRESS_MESSAGES.line1,
              city: SERVICE_ADDRESS_MESSAGES.city,
              zip: SERVICE_ADDRESS_MESSAGES.zip,
            },
          });
        }
        if (error instanceof AppError && error.status === 409)
          return pageWith(res, 409, token, error.message, undefined, address?.form);
        if (error instanceof AppError && (error.status === 404 || error.status === 410)) {
          return sendHtml(res, error.status, renderClosedQuotePage(error.message, closedKindOf(error)));
        }
        throw error;
      }
    };

  const linkOf = (req: Request<{ token: string }>) => quotePageUrl(config, req.params.token);
  const cancel = async (req: Request<{ token: string }>) => {
    await cancelFromQuote(db, req.params.token, timeZone, now(), linkOf(req));
  };
  async function book(req: Request<{ token: string }>, start: string, address?: ServiceAddress) {
    await bookFromQuote(db, req.params.token, { start, ...(address ? { address } : {}) }, timeZone, now(), linkOf(req));
  }
  const routes = Router();
  // Shared with the API's booking routes (scheduling.routes.ts): one count per link.
  const metered = bookingChangeRateLimits(db, config.customerBookingChanges, (req, res, message) =>
    pageWith(res, 429, String(req.params.token), message),
  );
  routes.post('/:token/booking', metered, post(book));
  routes.post(
    '/:token/booking/change',
    metered,
    post(async (req, start) => {
      await rescheduleFromQuote(db, req.params.token, start, timeZone, now(), linkOf(req));
    }),
  );
  routes.post('/:token/booking/cancel', metered, post(cancel));
  // One visit of the series skipped: back to the page, or the page with why not (inside 24 hours: the phone).
  routes.post(
    '/:token/visits/:id/skip',
    metered,
    async (req: Request<{ token: string; id: string }>, res: Response) => {
      const { token, id } = req.params;
      try {
        if (!visitIdParamsSchema.safeParse({ id }).success) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
        await skipVisitFromQuote(db, token, id, timeZone, now(), quotePageUrl(config, token));
        res.redirect(303, `/q/${encodeURIComponent(token)}`);
      } catch (error) {
        if (error instanceof AppError && error.message === BOOKING_MESSAGES.visitNotFound)
          return pageWith(res, 404, token, error.message);
        if (error instanceof AppError && error.status === 409) return pageWith(res, 409, token, error.message);
        if (error instanceof AppError && (error.status === 404 || error.status === 410)) {
          return sendHtml(res, error.status, renderClosedQuotePage(error.message, closedKindOf(error)));
        }
        throw error;
      }
    },
  );
  return { section: (token, quote) => section(token, quote), routes };
}
