// Tips for the crew (docs/decisions.md, "Tips"): recorded per completed visit and the crew that did
// it, cash or a check handed over at the door (a card tip comes with the card processor), and listed
// for payroll by crew over a range of business dates. Money as decimal strings ("18.00").
import { z } from 'zod';
import { manualPaymentSchema, PAYMENT_METHODS } from './payments.ts';
import { idSchema, instantSchema } from './responses/common.ts';
import { moneySchema } from './responses/quotes.ts';

export const TIP_MESSAGES = {
  visitNotFound: 'No such visit',
  notCompleted: 'A tip is recorded for a visit marked completed',
} as const;

/** POST /api/admin/visits/{id}/tips: cash or a check for the crew; the same fields as a payment. */
export const tipInputSchema = manualPaymentSchema;
export type TipInput = z.input<typeof tipInputSchema>;

export const tipSchema = z.strictObject({
  id: idSchema,
  visitId: idSchema.nullable(),
  /** The visit's invoice, when it has one. */
  invoiceNumber: z.string().nullable(),
  leadId: idSchema,
  leadName: z.string(),
  /** The crew's number and name when the tip was recorded (a renamed crew keeps its tips' name). */
  crew: z.number().int().min(1),
  crewName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: moneySchema,
  reference: z.string().nullable(),
  at: instantSchema,
});
export type Tip = z.output<typeof tipSchema>;

export const tipAnswerSchema = z.strictObject({ tip: tipSchema });

/** GET /api/admin/tips?from=&to=: the tips recorded on those business dates, newest first, and per crew. */
export const tipListSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  items: z.array(tipSchema),
  byCrew: z.array(z.strictObject({ crewName: z.string(), tips: z.number().int().min(0), total: moneySchema })),
  total: moneySchema,
});
export type TipList = z.output<typeof tipListSchema>;
