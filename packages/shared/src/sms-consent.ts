// SMS consent (docs/requirements.md#sms-consent): the quote form's optional checkbox and the disclosure
// carriers expect beside it. The API stores this exact text with the consent, so what a lead agreed to
// is on record even after the wording changes.

export const SMS_CONSENT_LABEL = 'Text me about my quote';

/** Shown under the checkbox, followed by a link to the privacy policy (/privacy). */
export const SMS_CONSENT_DISCLOSURE =
  'By checking this box, you agree to receive text messages about your quote and booking at the phone number above. ' +
  'Up to 6 messages per quote request. Msg & data rates may apply. Reply STOP to opt out, HELP for help. ' +
  'Consent is not a condition of purchase.';

/** What the lead's record keeps: the label and the disclosure as the visitor read them. */
export const SMS_CONSENT_TEXT = `${SMS_CONSENT_LABEL}. ${SMS_CONSENT_DISCLOSURE} See our Privacy Policy.`;

/** Whole-message keywords of an inbound text (case-insensitive), as carriers define them. */
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_START_KEYWORDS = ['START', 'UNSTOP'] as const;
export const SMS_HELP_KEYWORDS = ['HELP'] as const;

export type SmsKeyword = 'stop' | 'start' | 'help';

/** The keyword a whole message is (surrounding spaces and a final full stop or "!" ignored), or null. */
export function smsKeywordOf(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return 'stop';
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return 'start';
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}

/** The last ten digits of a phone number (US national number): how a text is matched to its leads. */
export function nationalDigitsOf(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** Why an automated text may not go to this lead, or null when it may (docs/requirements.md#sms-consent). */
export function automatedSmsRefusal(lead: { smsConsent: string | null; smsOptedOutAt: string | null }): string | null {
  if (lead.smsOptedOutAt) return SMS_REFUSALS.optedOut;
  if (!lead.smsConsent) return SMS_REFUSALS.noConsent;
  return null;
}

export const SMS_REFUSALS = {
  optedOut: 'not sent: the number answered STOP to texts',
  noConsent: 'not sent: the lead has not agreed to texts',
} as const;

/** The warning a manual text to a lead without consent carries (allowed: a one-to-one reply is not marketing). */
export const MANUAL_SMS_WITHOUT_CONSENT_WARNING =
  'This lead has not agreed to texts on the quote form: send only a one-to-one reply, never marketing.';
