// The message templates a fresh install starts with (docs/requirements.md#starter-content). A
// migration inserts them once, into an empty templates table; each keeps its key so a recipe
// (automation-recipes.ts) can find it after staff rename or edit it.
import { PROMO_AMOUNT_DOLLARS } from './constants.ts';
import type { TemplateType } from './enums.ts';

export const STARTER_TEMPLATE_KEYS = ['welcome-email', 'welcome-sms', 'follow-up-email'] as const;
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
    subject: 'Your cleaning quote from {{companyName}}',
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
};
