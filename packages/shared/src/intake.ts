// Lead intake rules shared by the quote form and the API: attribution fields and the spam rules.
import { z } from 'zod';
import { ATTRIBUTION_LIMITS } from './attribution.ts';
import { CLOSED_LEAD_STATUSES, type LeadStatus } from './enums.ts';
import { canonicalLeadSource } from './lead-sources.ts';

/**
 * A text that is cut to `max` characters rather than refused: attribution is metadata, and a long
 * campaign name must never cost a visitor their quote.
 */
const clipped = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .transform((value) => value.slice(0, max))
    .optional();

/** Where a visit came from, captured by the site on the visit's first page (sessionStorage, no cookies). */
export const attributionSchema = z.object({
  utmSource: clipped(ATTRIBUTION_LIMITS.utmSource),
  utmMedium: clipped(ATTRIBUTION_LIMITS.utmMedium),
  utmCampaign: clipped(ATTRIBUTION_LIMITS.utmCampaign),
  referrerHost: clipped(ATTRIBUTION_LIMITS.referrerHost),
  landingPage: clipped(ATTRIBUTION_LIMITS.landingPage),
});
export type Attribution = z.output<typeof attributionSchema>;

/**
 * The lead's `source`: the campaign's source when there is one (a known source under its canonical
 * name, whatever its case: `facebook` → "Facebook"; any other trimmed), else the default.
 */
export function resolveLeadSource(attribution: Attribution | undefined, fallback: string): string {
  const source = canonicalLeadSource(attribution?.utmSource ?? '');
  return source ? source : fallback;
}

/**
 * Fewer milliseconds than this between the first touch of the form (focus, key, pointer or input,
 * autofill included) and its submission is held for review as possibly not a person. A person with
 * autofill still picks the four selects and presses Enter: well over a second (docs/decisions.md,
 * "Fill time").
 */
export const MIN_FORM_FILL_MS = 1_000;

/**
 * Why a quote was not taken in as a lead: the spam rules (the request is held for review), and the
 * per-client rate limit (a 429 the visitor sees, with the form kept filled in).
 */
export const REJECTION_RULES = ['honeypot', 'too_fast', 'machine_content', 'rate_limited'] as const;
export type RejectionRule = (typeof REJECTION_RULES)[number];
export type SpamRule = Exclude<RejectionRule, 'rate_limited'>;
export const SPAM_RULES = ['honeypot', 'too_fast', 'machine_content'] as const satisfies readonly SpamRule[];

/** The rules in words, as staff read them in the CRM. */
export const REJECTION_RULE_LABELS: Record<RejectionRule, string> = {
  honeypot: 'Hidden field filled',
  too_fast: 'Sent too fast',
  machine_content: 'Machine-made text',
  rate_limited: 'Too many from one client',
};

/**
 * The tag of a lead whose request was sent faster than a person fills the form, with nothing else
 * amiss: taken in and flagged, never held for the timing alone (docs/decisions.md, "Fill time").
 */
export const SENT_FAST_TAG = 'Sent fast';

/**
 * `reason`: what exactly tripped the rule, in words, for the held submission. A request that is not
 * held may still carry a `flag`: the timing rule's doubt, for staff to see on the lead.
 */
export type SpamVerdict =
  | { isSpam: false; flag?: { rule: 'too_fast'; reason: string } }
  | { isSpam: true; rule: SpamRule; reason: string };

const LINK = /(https?:\/\/|www\.)\S+/i;
const LINKS = /(https?:\/\/|www\.)\S+/gi;
const MARKUP = /<\s*\/?\s*[a-z][^>]*>/i;

/** Text a person filling in a cleaning quote would not write: why, or null when it reads like a person. */
export function describeMachineContent(fields: {
  firstName: string;
  lastName: string;
  notes?: string | undefined;
}): string | null {
  const names = `${fields.firstName} ${fields.lastName}`;
  if (LINK.test(names)) return 'The name holds a web link.';
  if (MARKUP.test(names)) return 'The name holds HTML markup.';
  const notes = fields.notes ?? '';
  const links = notes.match(LINKS)?.length ?? 0;
  if (links > 2) return `The notes hold ${links} web links.`;
  if (MARKUP.test(notes)) return 'The notes hold HTML markup.';
  return null;
}

export function looksMachineMade(fields: { firstName: string; lastName: string; notes?: string | undefined }): boolean {
  return describeMachineContent(fields) !== null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The spam rules, cheapest first. `elapsedMs` is the time from the visitor's first touch of the form
 * to its submission; clients that do not send it (API integrations) are not judged on speed. The
 * honeypot and machine-made content hold a request; the timing alone never does: a request sent too
 * fast whose other signals are clean is taken in with a flag (an autofilled form sent at once is a
 * person more often than a bot that fills nothing else in wrong).
 */
export function judgeSubmission(input: {
  website?: string | undefined;
  elapsedMs?: number | undefined;
  firstName: string;
  lastName: string;
  notes?: string | undefined;
}): SpamVerdict {
  if (input.website && input.website.trim() !== '') {
    return { isSpam: true, rule: 'honeypot', reason: 'The hidden field that people never see was filled in.' };
  }
  const machine = describeMachineContent(input);
  if (machine) return { isSpam: true, rule: 'machine_content', reason: machine };
  if (input.elapsedMs !== undefined && input.elapsedMs < MIN_FORM_FILL_MS) {
    return {
      isSpam: false,
      flag: {
        rule: 'too_fast',
        reason: `Sent ${seconds(input.elapsedMs)} after the form was first touched (a person takes at least ${seconds(MIN_FORM_FILL_MS)}).`,
      },
    };
  }
  return { isSpam: false };
}

/** Digits only, for matching phone numbers however they were typed. */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Who a person is: a repeat request never changes these on its lead; staff apply or keep them. */
export type IdentityField = 'name' | 'email' | 'phone';

export const IDENTITY_FIELD_LABELS: Record<IdentityField, string> = { name: 'name', email: 'e-mail', phone: 'phone' };

export interface Identity {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A name as it is compared: letter case aside, spaces trimmed and runs of them taken as one. */
const comparablePart = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether two people give the same first name and the same last name (letter case and spacing aside). */
function sameFullName(a: Identity, b: Identity): boolean {
  return (
    comparablePart(a.firstName) === comparablePart(b.firstName) &&
    comparablePart(a.lastName) === comparablePart(b.lastName)
  );
}

/**
 * Where a request names the person differently from the lead: letter case, spacing and the phone's
 * punctuation aside ("Details differ" in the CRM).
 */
export function identityDifferences(lead: Identity, request: Identity): IdentityField[] {
  const differences: IdentityField[] = [];
  if (!sameFullName(lead, request)) differences.push('name');
  if (lead.email.trim().toLowerCase() !== request.email.trim().toLowerCase()) differences.push('email');
  if (normalisePhone(lead.phone) !== normalisePhone(request.phone)) differences.push('phone');
  return differences;
}

/**
 * The home and service a request asks for. A repeat request never changes them on its lead (nor the
 * estimate): staff apply a request's or keep the lead's ("Details differ" in the CRM).
 */
export const SERVICE_FIELDS = ['zipcode', 'bedrooms', 'bathrooms', 'cleaningType', 'frequency'] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];
export type Service = Record<ServiceField, string>;

export const SERVICE_FIELD_LABELS: Record<ServiceField, string> = {
  zipcode: 'zip code',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  cleaningType: 'cleaning type',
  frequency: 'frequency',
};

/** Where a request asks for another home or service than the lead holds (the zip code's spaces aside). */
export function serviceDifferences(lead: Service, request: Service): ServiceField[] {
  return SERVICE_FIELDS.filter((field) => lead[field].trim() !== request[field].trim());
}

/** Every way a repeat request differs from its lead: who the person is, then the home and service. */
export type RequestField = IdentityField | ServiceField;

export const REQUEST_FIELD_LABELS: Record<RequestField, string> = { ...IDENTITY_FIELD_LABELS, ...SERVICE_FIELD_LABELS };

export function requestDifferences(lead: Identity & Service, request: Identity & Service): RequestField[] {
  return [...identityDifferences(lead, request), ...serviceDifferences(lead, request)];
}

/** Fewer digits than this (after normalising) is too little to say two requests share a phone. */
export const MIN_PHONE_DIGITS_TO_MATCH = 7;

/** The digits a repeat request is matched on, or null when there are too few to be a phone number. */
export function phoneDigitsToMatch(phone: string): string | null {
  const digits = normalisePhone(phone);
  return digits.length >= MIN_PHONE_DIGITS_TO_MATCH ? digits : null;
}

/** What makes a request a repeat of a lead: the person's own e-mail, or the phone with their full name. */
export type RepeatMatch = 'e-mail' | 'phone and name' | 'e-mail and phone';

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a request comes from the person of a lead, and on what (docs/decisions.md, "Repeat requests:
 * e-mail, or phone and full name"): its e-mail matches (letter case and spaces aside), or its phone
 * digits match and so do both its first and its last name. A phone, or a phone and a surname, is not
 * a person: a household shares both, so such a request is someone else (a new lead, linked to this one
 * as "same phone"); an e-mail address is its owner's. null: not a repeat.
 */
export function repeatMatchOf(lead: Identity, request: Identity): RepeatMatch | null {
  const email = lead.email.trim() !== '' && sameText(lead.email, request.email);
  const phone = sharesPhone(lead, request);
  if (email) return phone ? 'e-mail and phone' : 'e-mail';
  return phone && sameFullName(lead, request) ? 'phone and name' : null;
}

/** Whether two people gave the same phone (by its digits, when there are enough of them). */
function sharesPhone(lead: Pick<Identity, 'phone'>, request: Pick<Identity, 'phone'>): boolean {
  const digits = phoneDigitsToMatch(lead.phone);
  return digits !== null && digits === phoneDigitsToMatch(request.phone);
}

/** Business minutes a new lead may wait for its first staff activity before the CRM flags it. */
export const SPEED_TO_LEAD_TARGET_MINUTES = 15;

/**
 * Whether a lead is still waiting for its first contact past its due time (SPEED_TO_LEAD_TARGET_MINUTES
 * business minutes after it arrived, stored as `contactDueAt`): open, no staff activity, due time passed.
 */
export function isAwaitingContact(
  lead: { status: LeadStatus; firstContactedAt: string | null; contactDueAt: string | null },
  now: Date,
): boolean {
  if (lead.firstContactedAt !== null || lead.contactDueAt === null) return false;
  if (CLOSED_LEAD_STATUSES.includes(lead.status)) return false;
  return new Date(lead.contactDueAt).getTime() <= now.getTime();
}
