// The lead list's keyset cursor (docs/performance.md, "Any page fast"): where a page starts, as the
// sort key and id of the row next to it, so that the next or previous page is an index range rather
// than an OFFSET walk, and rows inserted or removed meanwhile neither repeat nor go missing. Opaque
// to clients (base64url JSON); decoded strictly, since its key is bound into SQL as its sort's
// type.
import { LEAD_SORT_FIELDS, type LeadSortField } from '@shine/shared/leads';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';

export const CURSOR_ERRORS = {
  invalid: 'Cursor is not one this list handed out; start again from the first page',
  otherSort: 'Cursor belongs to another sort or order; start again from the first page',
} as const;

/** How a sort key is written in a cursor, and checked on its way back. */
export type SortKeyKind = 'time' | 'text' | 'rank' | 'amount';

const KEY_SCHEMAS: Record<SortKeyKind, z.ZodType<string>> = {
  // PostgreSQL's own text of a timestamptz (ISO DateStyle, with its offset), or 'infinity' for none.
  time: z.string().regex(/^(infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})$/),
  text: z.string().max(400),
  rank: z.string().regex(/^\d{1,3}$/),
  amount: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
};

const cursorSchema = z.strictObject({
  /** The sort and order the cursor was made for. */
  s: z.enum(LEAD_SORT_FIELDS),
  o: z.enum(['asc', 'desc']),
  /** The page after the row (`a`) or before it (`b`). */
  d: z.enum(['a', 'b']),
  /** The row's sort key, as text, and its id (the tie-breaker). */
  k: z.string(),
  i: z.uuid(),
  /** The page number the cursor leads to, as the answer's `page`. */
  p: z.number().int().min(1).max(1_000_000),
});

export interface LeadCursor {
  sort: LeadSortField;
  order: 'asc' | 'desc';
  direction: 'after' | 'before';
  key: string;
  id: string;
  page: number;
}

export function encodeLeadCursor(cursor: LeadCursor): string {
  const payload = {
    s: cursor.sort,
    o: cursor.order,
    d: cursor.direction === 'after' ? 'a' : 'b',
    k: cursor.key,
    i: cursor.id,
    p: cursor.page,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const refuse = (message: string) => new AppError(400, message, [{ path: 'cursor', message }]);

/**
 * The cursor of a list request, checked against the request's own sort and order (a position in one
 * order means nothing in another). A 400 on `cursor` for anything else.
 */
export function decodeLeadCursor(
  text: string,
  expected: { sort: LeadSortField; order: 'asc' | 'desc'; keyKind: SortKeyKind },
): LeadCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse(CURSOR_ERRORS.invalid);
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success || !/^[A-Za-z0-9_-]+$/.test(text)) throw refuse(CURSOR_ERRORS.invalid);
  const { s: sort, o: order, d, k: key, i: id, p: page } = parsed.data;
  if (sort !== expected.sort || order !== expected.order) throw refuse(CURSOR_ERRORS.otherSort);
  if (!KEY_SCHEMAS[expected.keyKind].safeParse(key).success) throw refuse(CURSOR_ERRORS.invalid);
  return { sort, order, direction: d === 'a' ? 'after' : 'before', key, id, page };
}
