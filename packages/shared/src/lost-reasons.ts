// Why a lead was lost (docs/decisions.md, "Lost reasons"): staff pick a reason when a lead moves to
// Lost, from a list admins keep (GET/PUT /api/admin/lost-reasons). "Other" always follows the list and
// asks for a note, so a reason nobody foresaw is still written down.
import { z } from 'zod';

/** Always offered after the admin's list; the only reason that needs a note. */
export const OTHER_LOST_REASON = 'Other';

export const DEFAULT_LOST_REASONS: readonly string[] = [
  'Price',
  'Chose another company',
  'No response',
  'Outside service area',
  'Timing',
];

export const LOST_REASON_MAX_LENGTH = 60;
export const LOST_NOTE_MAX_LENGTH = 500;
export const LOST_REASONS_MAX = 20;

const reasonSchema = z
  .string({ error: 'A reason must be text' })
  .trim()
  .min(1, 'A reason cannot be empty')
  .max(LOST_REASON_MAX_LENGTH, `A reason must be at most ${LOST_REASON_MAX_LENGTH} characters`);

/** PUT /api/admin/lost-reasons (admins) and its answer: the reasons offered before "Other", in order. */
export const lostReasonsSchema = z.strictObject({
  reasons: z
    .array(reasonSchema, { error: 'Reasons must be a list' })
    .min(1, 'Keep at least one reason')
    .max(LOST_REASONS_MAX, `At most ${LOST_REASONS_MAX} reasons`)
    .refine((reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length, {
      error: 'Each reason may appear only once',
    })
    .refine((reasons) => !reasons.some((reason) => reason.toLowerCase() === OTHER_LOST_REASON.toLowerCase()), {
      error: `"${OTHER_LOST_REASON}" is always offered last; leave it out of the list`,
    }),
});
export type LostReasons = z.output<typeof lostReasonsSchema>;

/** Every reason a person may pick now: the admin's list, then "Other". */
export function lostReasonChoices(reasons: readonly string[]): string[] {
  return [...reasons, OTHER_LOST_REASON];
}

/** The reason and note as the status change sends them; both optional (the brief's call sends only `status`, docs/requirements.md). */
export const lostReasonFields = {
  lostReason: reasonSchema.optional(),
  lostNote: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(LOST_NOTE_MAX_LENGTH, `The note must be at most ${LOST_NOTE_MAX_LENGTH} characters`)
    .optional(),
};

export const MISSING_OTHER_NOTE = `Say why in a note when the reason is "${OTHER_LOST_REASON}"`;
export const LOST_REASON_ONLY_WHEN_LOST = 'A lost reason goes only with the status Lost';
