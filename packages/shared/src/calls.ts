// Phone calls to the company number (docs/requirements.md#missed-calls): the provider's voice webhook
// rings the person on duty; a call nobody answered is texted back once and lands in the Calls list and
// My Day. GET /api/admin/calls lists them; the settings (GET/PUT /api/admin/settings/calls) hold how
// long the phones ring and the text sent back.
import { z } from 'zod';

/** ringing: the phones ring now; missed: nobody answered; answered; voicemail: missed, with a message left. */
export const CALL_STATUSES = ['ringing', 'missed', 'answered', 'voicemail'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** What the Calls list may be filtered by. */
export const CALL_LIST_STATUSES = ['missed', 'answered', 'voicemail'] as const;

export const CALL_LIST_PAGE_SIZE = 50;

/** GET /api/admin/calls?status=&page= */
export const callListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(CALL_LIST_STATUSES, { error: 'Status must be missed, answered or voicemail' }).optional(),
  ),
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000)
    .default(1),
});
export type CallListQuery = z.output<typeof callListQuerySchema>;

/** A missed call is texted back at most once per number in this long. */
export const CALL_TEXT_INTERVAL_HOURS = 12;

/** Where the text's link goes; the template's {quote link} stands for it. */
export const QUOTE_LINK_PLACEHOLDER = '{quote link}';

export const DEFAULT_CALL_TEXT =
  'Sorry we missed your call! Get your free quote in 2 minutes: {quote link}, or reply here and we’ll call you back.';

export const callSettingsSchema = z.strictObject({
  /** How long the phones of the person on duty and the escalation contact ring before the call is missed. */
  ringSeconds: z
    .number({ error: 'Enter a number of seconds' })
    .int('Enter a whole number of seconds')
    .min(5, 'At least 5 seconds')
    .max(60, 'At most 60 seconds'),
  /** The text a missed caller gets; {quote link} becomes the quote form's address. */
  textTemplate: z
    .string({ error: 'Enter the text' })
    .trim()
    .min(1, 'Enter the text')
    .max(320, 'At most 320 characters (two text messages)'),
});
export type CallSettings = z.output<typeof callSettingsSchema>;

export const DEFAULT_CALL_SETTINGS: CallSettings = { ringSeconds: 20, textTemplate: DEFAULT_CALL_TEXT };

/** The stored company setting `calls`, read: what it leaves out (or no longer parses) takes its default. */
export function readCallSettings(stored: unknown): CallSettings {
  const value = typeof stored === 'object' && stored ? stored : {};
  const parsed = callSettingsSchema.safeParse({ ...DEFAULT_CALL_SETTINGS, ...value });
  return parsed.success ? parsed.data : DEFAULT_CALL_SETTINGS;
}

/** The text a missed caller gets, its link filled in. */
export function renderCallText(template: string, quoteLink: string): string {
  return template.split(QUOTE_LINK_PLACEHOLDER).join(quoteLink);
}
