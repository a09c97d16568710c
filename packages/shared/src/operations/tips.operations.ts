// Tips for the crew (docs/decisions.md, "Tips"): recorded against a completed visit, listed for payroll.
import { analyticsRangeSchema } from '../analytics.ts';
import { idParamsSchema } from '../leads.ts';
import { tipAnswerSchema, tipInputSchema, tipListSchema } from '../tips.ts';
import { error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;

export const tipOperations = {
  recordVisitTip: operation({
    method: 'post',
    path: '/api/admin/visits/:id/tips',
    tag: 'Payments',
    summary: 'Record a cash or check tip for the crew of a completed visit',
    description:
      'amount is more than zero ("18.00"); reference is the check number. The tip is the crew’s, not part of the invoice’s balance; it is kept with the visit’s crew as it is now. Audited.',
    access: session,
    params: idParamsSchema,
    body: tipInputSchema,
    answers: {
      201: json(tipAnswerSchema, 'Recorded.'),
      400: error('A bad method or amount: nothing changed.'),
      404: error('No such visit.'),
      409: error('The visit is not marked completed.'),
    },
  }),
  listTips: operation({
    method: 'get',
    path: '/api/admin/tips',
    tag: 'Payments',
    summary: 'Tips recorded on a range of business dates, newest first, with each crew’s total (for payroll)',
    access: session,
    query: analyticsRangeSchema,
    answers: { 200: json(tipListSchema, 'The tips.'), 400: error('The range is not valid.') },
  }),
} satisfies Record<string, Operation>;
