// Answers about leads: the lead, its quote requests, a page of leads, held submissions and the export.
import { z } from 'zod';
import { EXPORT_FORMATS, LEAD_PRIORITIES, LEAD_STATUSES } from '../enums.ts';
import { SPAM_RULES } from '../intake.ts';
import { serviceAddressSchema } from '../service-address.ts';
import { countSchema, idSchema, instantSchema, pageOf } from './common.ts';
import { auditEntrySchema, personSchema } from './team.ts';

const money = z.number();

export const estimateBreakdownSchema = z.strictObject({
  base: money,
  bedroomsAdded: money,
  bathroomsAdded: money,
  subtotal: money,
  discountPercent: z.number(),
  discount: money,
  perVisit: money,
});

/** The instant quote computed from the price table, or a walkthrough when the table does not price it. */
export const estimateSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('estimate'),
    low: money,
    high: money,
    /**
     * The estimate's value, stored as the lead's estimated value: the per-visit price of the breakdown
     * (pricing.ts, estimateValueOf), within the rounded range though not always its exact centre.
     */
    midpoint: money,
    firstVisitLow: money,
    firstVisitHigh: money,
    breakdown: estimateBreakdownSchema,
  }),
  z.strictObject({ kind: z.literal('walkthrough'), reason: z.string() }),
]);

/** What the quote form asks for (the notes aside): a lead, each of its requests, a held submission. */
const quoteFields = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  zipcode: z.string(),
  bedrooms: z.string(),
  bathrooms: z.string(),
  cleaningType: z.string(),
  frequency: z.string(),
};
export const quoteFieldsSchema = z.strictObject(quoteFields);

/** Visit attribution (utm_* parameters, referrer host, landing page) captured by the site. */
const attributionFields = {
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  referrerHost: z.string().nullable(),
  landingPage: z.string().nullable(),
};
export const attributionFieldsSchema = z.strictObject(attributionFields);

export const leadSchema = z.strictObject({
  id: idSchema,
  ...quoteFields,
  ...attributionFields,
  notes: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  priority: z.enum(LEAD_PRIORITIES),
  assignedTo: z.string().nullable(),
  /** Who the lead is assigned to, for the list, kanban and drawer; null when unassigned. */
  assignee: personSchema.nullable(),
  estimatedValue: money.nullable(),
  source: z.string(),
  tags: z.array(z.string()),
  lastContactedAt: instantSchema.nullable(),
  nextFollowUpAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  /** The estimate computed when the request arrived (the latest request's on a repeat). */
  estimate: estimateSchema.nullable(),
  /** Repeat requests merged into this lead ("Repeat request" in the CRM when > 0). */
  repeatCount: countSchema,
  lastRepeatAt: instantSchema.nullable(),
  /** When its latest quote request (first or repeat) arrived: the default list order, newest first. */
  lastRequestAt: instantSchema,
  /** A repeat request whose name, e-mail or phone differ from the lead's, until staff decide; else null. */
  detailsDifferRequestId: idSchema.nullable(),
  /** The Won or Lost lead of the same person that this new request follows. */
  previousLeadId: idSchema.nullable(),
  /**
   * Leads of other people who gave the same phone (a household), linked both ways when the later one
   * came in: "Same phone as Kevin Reyes" in the CRM. Empty in the answer to the public form.
   */
  samePhoneLeads: z.array(z.strictObject({ id: idSchema, name: z.string() })),
  /** Speed-to-lead: the first staff activity, and the business minutes it took. */
  firstContactedAt: instantSchema.nullable(),
  speedToLeadMinutes: z.number().nullable(),
  /** When the lead becomes "not contacted in time" (15 business minutes after it arrived). */
  contactDueAt: instantSchema.nullable(),
  /** When the visitor agreed to texts on the quote form (the wording shown is on record); null: no consent. */
  smsConsent: instantSchema.nullable(),
  /** When the number answered STOP; null: texts allowed (START clears it). */
  smsOptedOutAt: instantSchema.nullable(),
  /** When the lead unsubscribed from automated e-mail; null: subscribed. */
  emailUnsubscribedAt: instantSchema.nullable(),
  /** Why a Lost lead was lost (a reason of GET /api/admin/lost-reasons, as it read then); null otherwise. */
  lostReason: z.string().nullable(),
  /** The note that came with the reason ("Other" always has one); null otherwise. */
  lostNote: z.string().nullable(),
  /** Where the crew cleans (the customer's booking step, or staff); null until someone gives it. */
  serviceAddress: serviceAddressSchema.nullable(),
});
export type Lead = z.output<typeof leadSchema>;

/** One quote request as the visitor sent it: the first one and every repeat. */
export const leadRequestSchema = z.strictObject({
  id: idSchema,
  ...quoteFields,
  ...attributionFields,
  receivedAt: instantSchema,
  notes: z.string().nullable(),
  estimate: estimateSchema.nullable(),
  /** The campaign's source, or the default (Website Form), as for a new lead. */
  source: z.string(),
  /** The spam rule that held it before staff released it; null when it came straight in. */
  releasedFromRule: z.enum(SPAM_RULES).nullable(),
  /** When this request agreed to texts (null: it did not), and the wording the form showed then. */
  smsConsent: instantSchema.nullable(),
  smsConsentText: z.string().nullable(),
});
export type LeadRequest = z.output<typeof leadRequestSchema>;

/** GET /api/admin/leads/{id} and the answers of the calls that decide on one of its requests. */
export const leadDetailSchema = leadSchema.extend({
  /** Every quote request of the lead, oldest first. */
  requests: z.array(leadRequestSchema),
});
export type LeadDetail = z.output<typeof leadDetailSchema>;

/** POST /api/admin/leads: the lead staff entered, or the one its request was added to. */
export const staffLeadResultSchema = z.strictObject({ lead: leadSchema });
export type StaffLeadResult = z.output<typeof staffLeadResultSchema>;

/** An existing lead of the same person (repeatMatchOf), as the 409 of POST /api/admin/leads offers it. */
export const leadMatchSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  status: z.enum(LEAD_STATUSES),
});
export type LeadMatch = z.output<typeof leadMatchSchema>;

/** The 409 of POST /api/admin/leads: the person already has a lead (newest open one first). */
export const leadMatchConflictSchema = z.strictObject({
  message: z.string(),
  matches: z.array(leadMatchSchema).min(1),
});
export type LeadMatchConflict = z.output<typeof leadMatchConflictSchema>;

/**
 * A lead as the CRM's lists show it (GET /api/admin/leads): the table's columns and their flags, the
 * card list, the pipeline's cards and the lead picker, nothing more. The drawer reads the whole lead
 * (GET /api/admin/leads/{id}). Half the bytes of a whole lead: no notes, tags, estimate breakdown,
 * attribution, consent or speed-to-lead fields (docs/performance.md, "Lean list answers").
 */
export const leadListItemSchema = leadSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  bedrooms: true,
  bathrooms: true,
  cleaningType: true,
  frequency: true,
  source: true,
  status: true,
  priority: true,
  assignee: true,
  estimatedValue: true,
  nextFollowUpAt: true,
  createdAt: true,
  lastRequestAt: true,
  repeatCount: true,
  lastRepeatAt: true,
  detailsDifferRequestId: true,
  firstContactedAt: true,
  contactDueAt: true,
  samePhoneLeads: true,
});
export type LeadListItem = z.output<typeof leadListItemSchema>;

export const leadPageSchema = pageOf(leadListItemSchema).extend({
  /** The `cursor` of the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The `cursor` of the page before this one; null on the first page. */
  prevCursor: z.string().nullable(),
  /**
   * True when `total` is the planner's estimate rather than a count: a filter matching more than
   * 10,000 leads is not counted row by row on every page (see docs/performance.md).
   */
  totalIsEstimate: z.boolean(),
});
export type LeadPage = z.output<typeof leadPageSchema>;

/** What a held submission's visitor sent, as the form sent it. */
export const heldPayloadSchema = z.strictObject({
  ...quoteFields,
  notes: z.string().optional(),
  website: z.string().optional(),
  smsConsent: z.boolean().optional(),
  elapsedMs: z.number().optional(),
  attribution: z
    .strictObject({
      utmSource: z.string().optional(),
      utmMedium: z.string().optional(),
      utmCampaign: z.string().optional(),
      referrerHost: z.string().optional(),
      landingPage: z.string().optional(),
    })
    .optional(),
});

/** A quote request a spam rule held for review instead of making it a lead. */
export const heldSubmissionSchema = z.strictObject({
  id: idSchema,
  receivedAt: instantSchema,
  rule: z.enum(SPAM_RULES),
  /** What tripped the rule, in words. */
  reason: z.string(),
  payload: heldPayloadSchema,
  /**
   * Who sent it, as far as the reader's role may see: an admin gets the sender's network ("203.0.113.0/24",
   * "2001:db8:1::/48"; the full address only by asking for it, audited), a salesperson null.
   */
  clientIp: z.string().nullable(),
  /** The sender's user agent: admins only (null for a salesperson). */
  userAgent: z.string().nullable(),
});
export type HeldSubmission = z.output<typeof heldSubmissionSchema>;

/** POST /api/admin/held-submissions/{id}/client-address: the sender's full address, shown on purpose. */
export const heldClientAddressSchema = z.strictObject({ clientIp: z.string().nullable() });
export type HeldClientAddress = z.output<typeof heldClientAddressSchema>;

export const heldSubmissionPageSchema = pageOf(heldSubmissionSchema);
export type HeldSubmissionPage = z.output<typeof heldSubmissionPageSchema>;

/** POST /api/admin/leads/assign: how many leads the bulk assignment changed. */
export const leadBulkAssignResultSchema = z.strictObject({ updated: countSchema });
export type LeadBulkAssignResult = z.output<typeof leadBulkAssignResultSchema>;

/** GET /api/admin/leads/{id}/history: the lead's audit rows, newest first. */
export const leadHistorySchema = z.strictObject({ items: z.array(auditEntrySchema) });
export type LeadHistory = z.output<typeof leadHistorySchema>;

/** POST /api/admin/leads/export answered as JSON: the whole file as text, and how many leads it holds. */
export const exportResultSchema = z.strictObject({
  content: z.string(),
  format: z.enum(EXPORT_FORMATS),
  count: countSchema,
});
export type ExportResult = z.output<typeof exportResultSchema>;
