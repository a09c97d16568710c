// Building blocks of the response schemas: what every answer's ids, instants and errors look like.
import { z } from 'zod';

/** Row ids are UUIDs (gen_random_uuid()). */
export const idSchema = z.uuid();

/** How many of something. */
export const countSchema = z.number().int().min(0);

/** Instants are ISO 8601 strings in UTC (Date#toISOString). */
export const instantSchema = z.iso.datetime();

export const errorIssueSchema = z.strictObject({
  /** The field, dotted (`filter.status`); empty for the body as a whole. */
  path: z.string(),
  message: z.string(),
});

/** Every 4xx and 5xx JSON answer: a message a person can read, and per-field issues on a 400. */
export const errorBodySchema = z
  .strictObject({
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  })
  .meta({ description: 'Every error: a message a person can read; per-field issues when the input was refused.' });
export type ErrorBody = z.output<typeof errorBodySchema>;

/** A page of a list: the items, the total that matched and where the page is. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    total: countSchema,
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
