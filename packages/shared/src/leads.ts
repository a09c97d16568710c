import { z } from 'zod';
import { dateTimeSchema } from './date-range.ts';
import { LEAD_PRIORITIES, LEAD_STATUSES } from './enums.ts';
import { LEADS_PAGE_SIZE_DEFAULT, LEADS_PAGE_SIZE_MAX } from './constants.ts';
import { LOST_REASON_ONLY_WHEN_LOST, lostReasonFields, MISSING_OTHER_NOTE, OTHER_LOST_REASON } from './lost-reasons.ts';

export const uuidSchema = z.uuid({ error: 'Must be a valid id' });
export const idParamsSchema = z.object({ id: uuidSchema });
/** GET /api/admin/activities/lead/{leadId}: the lead's timeline. */
export const leadIdParamsSchema = z.object({ leadId: uuidSchema });

export const leadStatusSchema = z.enum(LEAD_STATUSES, {
  error: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
});
export const leadPrioritySchema = z.enum(LEAD_PRIORITIES, {
  error: `Priority must be one of: ${LEAD_PRIORITIES.join(', ')}`,
});

/**
 * PATCH /api/admin/leads/{id}/status. A reason (and a note) may come with Lost, and only with Lost;
 * "Other" needs the note. Whether the reason is on the admin's list is the server's check.
 */
export const leadStatusUpdateSchema = z
  .object({ status: leadStatusSchema, ...lostReasonFields })
  .refine((update) => update.status === 'Lost' || (update.lostReason === undefined && update.lostNote === undefined), {
    path: ['lostReason'],
    error: LOST_REASON_ONLY_WHEN_LOST,
  })
  .refine((update) => update.lostReason !== OTHER_LOST_REASON || (update.lostNote ?? '') !== '', {
    path: ['lostNote'],
    error: MISSING_OTHER_NOTE,
  });
export type LeadStatusUpdate = z.output<typeof leadStatusUpdateSchema>;

const optionalIsoDate = dateTimeSchema().nullable();

/** Who to assign leads to: a user id, or null for nobody. */
const assigneeIdSchema = z.uuid({ error: 'Assigned to must be a user id or null' }).nullable();

/** PATCH /api/admin/leads/{id}: the fields staff work in the lead drawer. */
export const leadUpdateSchema = z
  .object({
    priority: leadPrioritySchema,
    nextFollowUpAt: optionalIsoDate,
    estimatedValue: z
      .number({ error: 'Estimated value must be a number' })
      .min(0, 'Estimated value cannot be negative')
      .max(99_999_999.99, 'Estimated value is too large')
      .multipleOf(0.01, 'Estimated value has at most 2 decimals')
      .nullable(),
    tags: z
      .array(z.string().trim().min(1, 'Tags cannot be empty').max(40, 'Tags must be at most 40 characters'))
      .max(20, 'At most 20 tags'),
    notes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').nullable(),
    /** A user id, or null to unassign; the API refuses a disabled or unknown user. */
    assignedTo: assigneeIdSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

export const LEAD_SORT_FIELDS = [
  'lastRequestAt',
  'createdAt',
  'updatedAt',
  'firstName',
  'lastName',
  'status',
  'priority',
  'estimatedValue',
  'nextFollowUpAt',
] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

const emptyToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

export const ASSIGNED_TO_FILTERS = ['me', 'none'] as const;
const ASSIGNED_TO_FILTER_ERROR = 'Assigned to must be me, none or a user id';
const assignedToFilterSchema = z.union(
  [z.enum(ASSIGNED_TO_FILTERS, { error: ASSIGNED_TO_FILTER_ERROR }), z.uuid({ error: ASSIGNED_TO_FILTER_ERROR })],
  { error: ASSIGNED_TO_FILTER_ERROR },
);

/** `followUp=overdue`: open leads whose follow-up time has passed (the dashboard's Overdue Follow-ups). */
export const LEAD_FOLLOW_UP_FILTERS = ['overdue'] as const;
/** `created=today`: leads created since the business day began (the dashboard's Today). */
export const LEAD_CREATED_FILTERS = ['today'] as const;

/** The filter part shared by the list and the export. */
export const leadFilterSchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.preprocess(emptyToUndefined, leadStatusSchema.optional()),
  priority: z.preprocess(emptyToUndefined, leadPrioritySchema.optional()),
  /** "me": the signed-in user's leads; "none": unassigned; or a user id. */
  assignedTo: z.preprocess(emptyToUndefined, assignedToFilterSchema.optional()),
  /** A source, matched whatever its case or spacing (lead-sources.ts, leadSourceKey). */
  source: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(1).max(100, 'Source must be at most 100 characters').optional(),
  ),
  followUp: z.preprocess(
    emptyToUndefined,
    z.enum(LEAD_FOLLOW_UP_FILTERS, { error: 'Follow-up must be overdue' }).optional(),
  ),
  created: z.preprocess(emptyToUndefined, z.enum(LEAD_CREATED_FILTERS, { error: 'Created must be today' }).optional()),
});
export type LeadFilter = z.output<typeof leadFilterSchema>;

/** A cursor the API hands out is at most ~600 characters (a name of up to 100 characters as the sort key, an id). */
const LEAD_CURSOR_MAX = 1000;

/** The `page` of a paged list (1-based). */
const pageNumberSchema = z.coerce
  .number()
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(1_000_000)
  .default(1);

/** GET /api/admin/leads query string (docs/requirements.md#lead-list). */
export const leadListQuerySchema = leadFilterSchema.extend({
  page: pageNumberSchema,
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(LEADS_PAGE_SIZE_MAX, `Page size must be at most ${LEADS_PAGE_SIZE_MAX}`)
    .default(LEADS_PAGE_SIZE_DEFAULT),
  sort: z
    .enum(LEAD_SORT_FIELDS, { error: `Sort must be one of: ${LEAD_SORT_FIELDS.join(', ')}` })
    .default('lastRequestAt'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  /**
   * An answer's `nextCursor` or `prevCursor`, opaque: the page after (or before) that answer's rows in
   * the same sort and order, found by position rather than by counting (docs/requirements.md#lead-list).
   * With a cursor, `page` is ignored; the answer's `page` is the cursor's.
   */
  cursor: z.string().min(1, 'Cursor must not be empty').max(LEAD_CURSOR_MAX, 'Cursor is too long').optional(),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** How many leads one bulk assignment may name. */
export const BULK_ASSIGN_MAX = 500;

/** POST /api/admin/leads/assign: the selected leads to one person (or to nobody), in one transaction. */
export const leadBulkAssignSchema = z.object({
  ids: z
    .array(uuidSchema)
    .min(1, 'Choose at least one lead')
    .max(BULK_ASSIGN_MAX, `At most ${BULK_ASSIGN_MAX} leads at a time`),
  assignedTo: assigneeIdSchema,
});
export type LeadBulkAssign = z.output<typeof leadBulkAssignSchema>;

/** POST /api/admin/leads/{id}/requests/{requestId}/apply (or /dismiss): a request of the lead. */
export const leadRequestParamsSchema = z.object({ id: uuidSchema, requestId: uuidSchema });

/** GET /api/admin/held-submissions: newest first, paged. */
export const heldListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size must be at most 100')
    .default(20),
});
export type HeldListQuery = z.output<typeof heldListQuerySchema>;
