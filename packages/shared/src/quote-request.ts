import { z } from 'zod';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from './enums.ts';
import { MIN_PHONE_LENGTH, MIN_ZIP_LENGTH } from './constants.ts';
import { attributionSchema } from './intake.ts';
import { KNOWN_LEAD_SOURCES } from './lead-sources.ts';
import { VALIDATION } from './messages.ts';

/** A required, trimmed text field with the message of docs/requirements.md#validation and a sane upper bound. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/** The quote form (docs/requirements.md#quote-form). The same schema validates the form and POST /api/leads. */
export const quoteRequestSchema = z.object({
  firstName: requiredText(VALIDATION.firstName, 100),
  lastName: requiredText(VALIDATION.lastName, 100),
  email: z.string({ error: VALIDATION.email }).trim().max(254, VALIDATION.email).email(VALIDATION.email),
  phone: z.string({ error: VALIDATION.phone }).trim().min(MIN_PHONE_LENGTH, VALIDATION.phone).max(40, VALIDATION.phone),
  zipcode: z
    .string({ error: VALIDATION.zipcode })
    .trim()
    .min(MIN_ZIP_LENGTH, VALIDATION.zipcode)
    .max(10, VALIDATION.zipcode),
  bedrooms: z.enum(BEDROOM_CHOICES, { error: VALIDATION.bedrooms }),
  bathrooms: z.enum(BATHROOM_CHOICES, { error: VALIDATION.bathrooms }),
  cleaningType: z.enum(CLEANING_TYPES, { error: VALIDATION.cleaningType }),
  frequency: z.enum(FREQUENCIES, { error: VALIDATION.frequency }),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
  /** The optional "Text me about my quote" checkbox (packages/shared/src/sms-consent.ts); unticked by default. */
  smsConsent: z.boolean({ error: 'smsConsent must be true or false' }).default(false),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/**
 * What the public endpoint accepts: the form plus a honeypot field (`website`) that people never see
 * and bots fill in.
 */
export const quoteRequestSubmissionSchema = quoteRequestSchema.extend({
  website: z.string().max(500).optional(),
});
export type QuoteRequestSubmission = z.output<typeof quoteRequestSubmissionSchema>;

/**
 * POST /api/leads: the submission plus what the form adds without asking (none of it is shown):
 * how long the form was open (`elapsedMs`, for the minimum fill time) and the visit's attribution.
 */
export const quoteRequestIntakeSchema = quoteRequestSubmissionSchema.extend({
  elapsedMs: z
    .number({ error: 'elapsedMs must be a number of milliseconds' })
    .nonnegative('elapsedMs must be a number of milliseconds')
    .optional(),
  attribution: attributionSchema.optional(),
});
export type QuoteRequestIntake = z.output<typeof quoteRequestIntakeSchema>;
export type QuoteRequestIntakeInput = z.input<typeof quoteRequestIntakeSchema>;

/** The source of a lead staff enter by hand unless they pick another: most such leads phoned in. */
export const STAFF_LEAD_DEFAULT_SOURCE = 'Phone Call' satisfies (typeof KNOWN_LEAD_SOURCES)[number];

/**
 * POST /api/admin/leads: the quote form's fields and messages, as staff type them for a customer who
 * phoned, wrote or walked in, with a `source` from the known sources. No honeypot, no fill time: staff
 * are not judged as bots. A request that matches an existing lead (repeatMatchOf) is refused with the
 * match unless it says what to do: `addToLead` (keep it as a repeat request of that lead) or
 * `createAnyway` (a new lead, linked to the match). Consent to texts is not taken: the customer gives
 * it themselves (the quote page, or START), never staff on their behalf.
 */
export const staffLeadRequestSchema = quoteRequestSchema.omit({ smsConsent: true }).extend({
  source: z.enum(KNOWN_LEAD_SOURCES, { error: 'Choose where the lead came from' }).default(STAFF_LEAD_DEFAULT_SOURCE),
  addToLead: z.uuid({ error: 'Must be a valid id' }).optional(),
  createAnyway: z.boolean({ error: 'createAnyway must be true or false' }).optional(),
});
export type StaffLeadRequest = z.output<typeof staffLeadRequestSchema>;
export type StaffLeadRequestInput = z.input<typeof staffLeadRequestSchema>;
