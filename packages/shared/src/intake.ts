// Lead intake rules shared by the quote form and the API: attribution fields and the spam rules.
import { z } from 'zod';

/** Where a visit came from, captured by the quote form (sessionStorage, no cookies). */
export const attributionSchema = z.object({
  utmSource: z.string().trim().max(100).optional(),
  utmMedium: z.string().trim().max(100).optional(),
  utmCampaign: z.string().trim().max(150).optional(),
  referrerHost: z.string().trim().max(255).optional(),
  landingPage: z.string().trim().max(500).optional(),
});
export type Attribution = z.output<typeof attributionSchema>;

/** The lead's `source`: the campaign's source when there is one, else the default. */
export function resolveLeadSource(attribution: Attribution | undefined, fallback: string): string {
  const source = attribution?.utmSource?.trim();
  return source ? source : fallback;
}

/** Fewer milliseconds than this between showing the form and submitting it is not a person. */
export const MIN_FORM_FILL_MS = 3_000;

export type SpamVerdict = { isSpam: false } | { isSpam: true; rule: 'honeypot' | 'too_fast' | 'machine_content' };

const LINK = /(https?:\/\/|www\.)\S+/i;
const LINKS = /(https?:\/\/|www\.)\S+/gi;
const MARKUP = /<\s*\/?\s*[a-z][^>]*>/i;

/** Text a person filling in a cleaning quote would not write. */
export function looksMachineMade(fields: { firstName: string; lastName: string; notes?: string | undefined }): boolean {
  const names = `${fields.firstName} ${fields.lastName}`;
  if (LINK.test(names) || MARKUP.test(names)) return true;
  const notes = fields.notes ?? '';
  const links = notes.match(LINKS)?.length ?? 0;
  if (links > 2 || MARKUP.test(notes)) return true;
  return false;
}

/**
 * The spam rules, cheapest first. `elapsedMs` is how long the visitor had the form open; clients
 * that do not send it (API integrations) are not judged on speed.
 */
export function judgeSubmission(input: {
  website?: string | undefined;
  elapsedMs?: number | undefined;
  firstName: string;
  lastName: string;
  notes?: string | undefined;
}): SpamVerdict {
  if (input.website && input.website.trim() !== '') return { isSpam: true, rule: 'honeypot' };
  if (input.elapsedMs !== undefined && input.elapsedMs < MIN_FORM_FILL_MS) return { isSpam: true, rule: 'too_fast' };
  if (looksMachineMade(input)) return { isSpam: true, rule: 'machine_content' };
  return { isSpam: false };
}

/** Digits only, for matching phone numbers however they were typed. */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}
