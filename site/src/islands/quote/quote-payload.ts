import type { Attribution } from '@shine/shared/attribution';
import type {
  QuoteRequestIntake,
  QuoteRequestSubmission,
  quoteRequestSubmissionSchema,
} from '@shine/shared/quote-request';
import type { z } from 'zod';

/** The form's values before validation (the selects start empty). */
export type QuoteFormInput = z.input<typeof quoteRequestSubmissionSchema>;

/** Every field of the form, to match the server's per-field issues against. */
export const QUOTE_FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'zipcode',
  'bedrooms',
  'bathrooms',
  'cleaningType',
  'frequency',
  'notes',
  'smsConsent',
  'website',
] as const satisfies readonly (keyof QuoteFormInput)[];

export type QuoteFieldName = (typeof QUOTE_FIELD_NAMES)[number];
// Compile-time check that the list names every field of the schema.
const listsEveryField: [Exclude<keyof QuoteFormInput, QuoteFieldName>] extends [never] ? true : false = true;
void listsEveryField;

export function isQuoteFieldName(name: string): name is QuoteFieldName {
  return (QUOTE_FIELD_NAMES as readonly string[]).includes(name);
}

/** What the form adds without asking: how long it was open, and where the visit came from. */
export interface QuoteExtras {
  elapsedMs: number;
  attribution: Attribution | undefined;
}

/**
 * What the form sends, from its validated values and the extras. Empty notes are left out rather than
 * sent as "", and so is absent attribution.
 */
export function buildQuotePayload(values: QuoteRequestSubmission, extras: QuoteExtras): QuoteRequestIntake {
  const { notes, ...rest } = values;
  const payload: QuoteRequestIntake = { ...rest, elapsedMs: extras.elapsedMs };
  if (notes) payload.notes = notes;
  if (extras.attribution && Object.keys(extras.attribution).length > 0) payload.attribution = extras.attribution;
  return payload;
}
