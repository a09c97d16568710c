// The message templates a fresh install starts with (docs/requirements.md#starter-content). A
// migration inserts them once, into an empty templates table; each keeps its key so a recipe
// (automation-recipes.ts) can find it after staff rename or edit it.
import { PROMO_AMOUNT_DOLLARS } from './constants.ts';
import type { TemplateType } from './enums.ts';

/** The Welcome e-mail's subject; the starter of before said "Your cleaning quote from …" and held no quote. */
export const WELCOME_EMAIL_SUBJECT = 'Thanks for your quote request, {{firstName}}: we will call you shortly';
/** What the Welcome e-mail's subject was until it got its own (a migration replaces it where staff left it). */
export const FORMER_WELCOME_EMAIL_SUBJECT = 'Your cleaning quote from {{companyName}}';

export const STARTER_TEMPLATE_KEYS = [
  'welcome-email',
  'welcome-sms',
  'follow-up-email',
  'booking-confirmation-sms',
  'visit-reminder-sms',
  'visit-reminder-email',
  'review-request-email',
] as const;
export type StarterTemplateKey = (typeof STARTER_TEMPLATE_KEYS)[number];

export interface StarterTemplate {
  key: StarterTemplateKey;
  name: string;
  type: TemplateType;
  subject: string | null;
  content: string;
}

export const STARTER_TEMPLATES: Readonly<Record<StarterTemplateKey, StarterTemplate>> = {
  'welcome-email': {
    key: 'welcome-email',
    name: 'Welcome e-mail',
    type: 'email',
    // Not the quote e-mail's subject: this message holds no quote, it says the request arrived.
    subject: WELCOME_EMAIL_SUBJECT,
    content: [
      'Hi {{firstName}},',
      '',
      'Thanks for asking {{companyName}} about a {{cleaningType}} cleaning. One of our Dallas-Fort Worth team will call you at {{phone}} shortly to confirm the details and answer any questions.',
      '',
      `Ready to pick a date? Book online at {{bookingUrl}} and use code {{promoCode}} for $${PROMO_AMOUNT_DOLLARS} off your first cleaning.`,
      '',
      'Talk soon,',
      'The {{companyName}} team',
      '{{companyPhone}} · {{companyEmail}}',
    ].join('\n'),
  },
  'welcome-sms': {
    key: 'welcome-sms',
    name: 'Welcome SMS',
    type: 'sms',
    subject: null,
    content: `Hi {{firstName}}, thanks for your quote request with {{companyName}}! We will call you shortly. Book now with code {{promoCode}} for $${PROMO_AMOUNT_DOLLARS} off: {{bookingUrl}} Reply STOP to opt out.`,
  },
  'follow-up-email': {
    key: 'follow-up-email',
    name: 'Follow-up e-mail',
    type: 'email',
    subject: 'Still looking for a cleaner, {{firstName}}?',
    content: [
      'Hi {{firstName}},',
      '',
      'We wanted to check in on your {{cleaningType}} cleaning quote. If you have questions about pricing, timing or what is included, reply to this e-mail or call us at {{companyPhone}}; we are glad to help.',
      '',
      `Your code {{promoCode}} still takes $${PROMO_AMOUNT_DOLLARS} off your first cleaning: {{bookingUrl}}`,
      '',
      'The {{companyName}} team',
    ].join('\n'),
  },
  // Scheduling's messages (docs/decisions.md, "Scheduling: starter recipes"). The booking's own
  // e-mail (with its calendar file and reschedule link) is sent by the booking itself, so the
  // confirmation here is a text, never a second e-mail.
  'booking-confirmation-sms': {
    key: 'booking-confirmation-sms',
    name: 'Booking confirmation SMS',
    type: 'sms',
    subject: null,
    content:
      'Hi {{firstName}}, your {{companyName}} cleaning is booked: {{visitTime}}. Your confirmation e-mail has the details and the link to reschedule. Questions? {{companyPhone}} Reply STOP to opt out.',
  },
  'visit-reminder-sms': {
    key: 'visit-reminder-sms',
    name: 'Day-before reminder SMS',
    type: 'sms',
    subject: null,
    content:
      'Hi {{firstName}}, a reminder from {{companyName}}: your cleaning is {{visitTime}} (arrival window). Something came up? Call {{companyPhone}}. Reply STOP to opt out.',
  },
  'visit-reminder-email': {
    key: 'visit-reminder-email',
    name: 'Day-before reminder e-mail',
    type: 'email',
    subject: 'Your cleaning is coming up: {{visitTime}}',
    content: [
      'Hi {{firstName}},',
      '',
      'A reminder that your {{cleaningType}} cleaning with {{companyName}} is {{visitTime}}: the crew arrives within that window.',
      '',
      'Please make sure we can get in, and put away anything you would rather we did not move. If something has come up, call us at {{companyPhone}}.',
      '',
      'See you soon,',
      'The {{companyName}} team',
    ].join('\n'),
  },
  'review-request-email': {
    key: 'review-request-email',
    name: 'Review request e-mail',
    type: 'email',
    subject: 'How did we do, {{firstName}}?',
    content: [
      'Hi {{firstName}},',
      '',
      'Thank you for choosing {{companyName}}. We hope your home feels great.',
      '',
      'Would you take a minute to tell others how we did? A review helps a small local team more than you know: {{reviewUrl}}',
      '',
      'If anything was not right, reply to this e-mail or call {{companyPhone}} within 24 hours and we will make it right.',
      '',
      'Thank you,',
      'The {{companyName}} team',
    ].join('\n'),
  },
};
