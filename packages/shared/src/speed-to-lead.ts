// Speed to lead: the company's settings for alerting the person on duty of each
// new lead by SMS and/or e-mail, and the escalation contact when nobody has answered the lead within
// N business minutes. Admins keep them (GET/PUT /api/admin/settings/lead-alerts); the automation
// engine applies them (docs/decisions.md, "Speed to lead").
import { z } from 'zod';
import { formatCurrency } from './format.ts';
import { idSchema, instantSchema } from './responses/common.ts';
import type { Lead } from './types.ts';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The tag an escalated lead gets: visible in the list and the drawer, and a filter. */
export const ESCALATED_TAG = 'Escalated';

/**
 * Staff alerts sent on their own in any 60 minutes, in all: past it, further alerts are folded into a
 * digest message (a flood of quotes must not become a flood of texts, nor switch the alerts off).
 */
export const STAFF_ALERTS_PER_HOUR = 60;
/**
 * Alerts sent on their own in any 60 minutes for the quotes of one client address (per step): past
 * it, that address's further leads are folded into the digest, so one sender cannot use up the
 * hourly ceiling that everyone else's leads need.
 */
export const STAFF_ALERTS_PER_CLIENT_PER_HOUR = 3;
/** A digest goes out once its oldest folded alert has waited this long (at most one per step this often). */
export const STAFF_ALERT_DIGEST_MINUTES = 10;

/** on_duty: a new lead; escalation: nobody answered it; repeat: the same person asked again (to the lead's assignee). */
export const LEAD_ALERT_STEPS = ['on_duty', 'escalation', 'repeat'] as const;
export type LeadAlertStep = (typeof LEAD_ALERT_STEPS)[number];

const personId = idSchema.nullable();

export const speedToLeadSettingsSchema = z
  .strictObject({
    /** Off: nobody is alerted (the CRM's own new-lead toasts do not depend on this). */
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    sms: z.boolean({ error: 'sms must be true or false' }),
    email: z.boolean({ error: 'email must be true or false' }),
    /** Who is on duty each weekday, Sunday first (index 0) to Saturday (6); null: nobody. */
    onDuty: z.array(personId, { error: 'onDuty must list the seven weekdays' }).length(7, {
      error: 'onDuty must list the seven weekdays, Sunday first',
    }),
    /** Business minutes without an answer before the escalation (default 5). */
    escalateAfterMinutes: z
      .number({ error: 'Enter a number of minutes' })
      .int('Enter a whole number of minutes')
      .min(1, 'At least 1 minute')
      .max(480, 'At most 480 minutes (one business day)'),
    /** Who gets the second alert; null: the lead is flagged, nobody else is alerted. */
    escalateTo: personId,
    /** Alert the person on duty for quotes that arrive while the business is closed. */
    outsideBusinessHours: z.boolean({ error: 'outsideBusinessHours must be true or false' }),
    /** Leave a person alone in their own quiet hours (their alert settings). */
    respectQuietHours: z.boolean({ error: 'respectQuietHours must be true or false' }),
  })
  .refine((settings) => !settings.enabled || settings.sms || settings.email, {
    message: 'Choose SMS, e-mail or both',
    path: ['sms'],
  });
export type SpeedToLeadSettings = z.output<typeof speedToLeadSettingsSchema>;

export const DEFAULT_SPEED_TO_LEAD_SETTINGS: SpeedToLeadSettings = {
  enabled: false,
  sms: true,
  email: true,
  onDuty: [null, null, null, null, null, null, null],
  escalateAfterMinutes: 5,
  escalateTo: null,
  outsideBusinessHours: false,
  respectQuietHours: true,
};

export interface SpeedToLeadConfiguration {
  settings: SpeedToLeadSettings;
  /** When alerts were last switched on (leads older than this are never alerted); null while off. */
  enabledAt: Date | null;
}

/**
 * The stored value of the company setting `lead-alerts`, read: what a stored value leaves out takes
 * its default, and a value that no longer parses reads as the defaults. Speed to lead writes the key;
 * the API's lead notifications read its on-duty roster through this too.
 */
export function readSpeedToLeadConfiguration(stored: unknown): SpeedToLeadConfiguration {
  const { enabledAt, ...value } = (typeof stored === 'object' && stored ? stored : {}) as Record<string, unknown>;
  const parsed = speedToLeadSettingsSchema.safeParse({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, ...value });
  const settings = parsed.success ? parsed.data : DEFAULT_SPEED_TO_LEAD_SETTINGS;
  return {
    settings,
    enabledAt: settings.enabled && typeof enabledAt === 'string' ? new Date(enabledAt) : null,
  };
}

/** GET/PUT /api/admin/settings/lead-alerts → the settings, and what would keep an alert from going out. */
export const speedToLeadSettingsViewSchema = z.strictObject({
  settings: speedToLeadSettingsSchema,
  /** When alerts were last switched on: leads older than this are never alerted. */
  enabledAt: instantSchema.nullable(),
  /** E.g. "Ana Diaz has no phone number: SMS alerts to her cannot be sent." */
  warnings: z.array(z.string()),
});
export type SpeedToLeadSettingsView = z.output<typeof speedToLeadSettingsViewSchema>;

const nameOf = (lead: Pick<Lead, 'firstName' | 'lastName'>) => `${lead.firstName} ${lead.lastName}`.trim();

/** What a new-lead alert says: who, which cleaning, and the instant estimate (the CRM's toast and the staff SMS/e-mail). */
export function describeNewLead(
  lead: Pick<Lead, 'firstName' | 'lastName' | 'cleaningType' | 'frequency' | 'bedrooms' | 'bathrooms' | 'estimate'>,
): { title: string; body: string } {
  const service = `${lead.cleaningType} cleaning, ${lead.frequency.toLowerCase()}, ${lead.bedrooms} bd / ${lead.bathrooms} ba`;
  const estimate =
    lead.estimate?.kind === 'estimate'
      ? `Estimate ${formatCurrency(lead.estimate.low)}–${formatCurrency(lead.estimate.high)}`
      : 'Needs a walkthrough';
  return { title: `New lead: ${nameOf(lead)}`, body: `${service} · ${estimate}` };
}

/** A staff alert: its subject, what it says after it, and the CRM link; `body` is all three in one text (the SMS). */
export interface StaffAlertText {
  subject: string;
  details: string;
  link: string;
  body: string;
}

/** How many leads a digest names; the rest are "and N more". */
export const DIGEST_NAMED_LEADS = 5;
/** A name in a digest is cut to this many characters: the quote form's sender chose it. */
export const DIGEST_NAME_MAX = 40;

const shortName = (name: string) => {
  const clean = name.replace(/\s+/g, ' ').trim();
  return clean.length > DIGEST_NAME_MAX ? `${clean.slice(0, DIGEST_NAME_MAX - 1).trimEnd()}…` : clean;
};

/**
 * The digest of alerts folded over the budget: how many leads, the names of the first
 * DIGEST_NAMED_LEADS of them ("and N more"), and the link to the lead list. Only the names, each cut
 * short, never the quote's text: whoever floods the form chooses them, and an alert on its own already
 * names its lead.
 */
export function staffAlertDigestText(
  step: LeadAlertStep,
  count: number,
  link: string,
  minutes: number,
  names: readonly string[],
): StaffAlertText {
  const leads = count === 1 ? '1 lead' : `${count} leads`;
  const subject =
    step === 'on_duty'
      ? `${leads} new (digest)`
      : step === 'repeat'
        ? `${count === 1 ? '1 repeat request' : `${count} repeat requests`} (digest)`
        : `${leads} not answered in ${minutes} min (digest)`;
  const named = names.slice(0, DIGEST_NAMED_LEADS).map(shortName);
  const more = count - named.length;
  const who = named.length === 0 ? '' : `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}. `;
  const details = `${who}Too many alerts at once, so these were gathered into this one message.`;
  return { subject, details, link, body: `${subject}. ${details} Open: ${link}` };
}

/** The text of a staff alert: short enough for one or two SMS segments, with the phone to call and the link to open. */
export function staffAlertText(
  step: LeadAlertStep,
  lead: Parameters<typeof describeNewLead>[0] & Pick<Lead, 'phone'>,
  link: string,
  minutes: number,
): StaffAlertText {
  const { title, body } = describeNewLead(lead);
  const subject =
    step === 'on_duty'
      ? title
      : step === 'repeat'
        ? `Repeat request from ${nameOf(lead)}`
        : `Not answered in ${minutes} min: ${nameOf(lead)}`;
  const details = `${body}. Call ${lead.phone}.`;
  return { subject, details, link, body: `${subject}. ${details} Open: ${link}` };
}

/** Who stands for the business on a weekday, or why nobody does. */
export type OnDutyChoice =
  | { kind: 'on-duty'; personId: string }
  | { kind: 'stand-in'; personId: string; absentId: string }
  | { kind: 'nobody-on-duty' }
  | { kind: 'nobody-available'; absentId: string };

/**
 * The one rule of who is on duty, asked by the bell and by the alerts alike: the roster's person of
 * `weekday` (0 is Sunday, the business's weekday in BUSINESS_TIMEZONE) if they can take leads now
 * (on the team, not away), else the escalation contact if they can.
 */
export function chooseOnDuty(
  roster: Pick<SpeedToLeadSettings, 'onDuty' | 'escalateTo'>,
  weekday: number,
  canTake: (personId: string) => boolean,
): OnDutyChoice {
  const onDutyId = roster.onDuty[weekday];
  if (!onDutyId) return { kind: 'nobody-on-duty' };
  if (canTake(onDutyId)) return { kind: 'on-duty', personId: onDutyId };
  if (roster.escalateTo && roster.escalateTo !== onDutyId && canTake(roster.escalateTo)) {
    return { kind: 'stand-in', personId: roster.escalateTo, absentId: onDutyId };
  }
  return { kind: 'nobody-available', absentId: onDutyId };
}
