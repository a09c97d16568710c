// Answers of GET /api/admin/calls and the call settings.
import { z } from 'zod';
import { CALL_STATUSES } from '../calls.ts';
import { countSchema, idSchema, instantSchema, pageOf } from './common.ts';

/** What became of the text back to a missed caller. */
export const CALL_TEXT_STATUSES = ['pending', 'sent', 'skipped', 'not_sent', 'failed'] as const;

export const callSchema = z.strictObject({
  id: idSchema,
  /** The caller's number, as the provider gave it (E.164). */
  from: z.string(),
  /** When the call came in. */
  at: instantSchema,
  status: z.enum(CALL_STATUSES),
  /** The lead whose phone it is (the most recent open one), or null for a stranger. */
  leadId: idSchema.nullable(),
  leadName: z.string().nullable(),
  /** How long the conversation lasted (answered), or null. */
  durationSeconds: countSchema.nullable(),
  /** The voicemail's recording at the provider, or null. */
  recordingUrl: z.string().nullable(),
  /** The text back: null when none was due (an answered call). `reason` says why it did not go. */
  text: z.strictObject({ status: z.enum(CALL_TEXT_STATUSES), reason: z.string().nullable() }).nullable(),
  /** When someone marked the caller called back (My Day's item is done), or null. */
  calledBackAt: instantSchema.nullable(),
});
export type Call = z.output<typeof callSchema>;

export const callListSchema = pageOf(callSchema);
export type CallList = z.output<typeof callListSchema>;
