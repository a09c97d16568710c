// The CRM's calls about leads: the table, the drawer, the export, held submissions, activities and
// the dashboard's reports.
import { activityCreateSchema, activityListQuerySchema, callLogSchema } from '../activities.ts';
import { analyticsRangeSchema } from '../analytics.ts';
import { exportRequestSchema } from '../export.ts';
import { staffLeadRequestSchema } from '../quote-request.ts';
import {
  heldListQuerySchema,
  idParamsSchema,
  leadBulkAssignSchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadRequestParamsSchema,
  leadStatusUpdateSchema,
  leadUpdateSchema,
} from '../leads.ts';
import {
  activityListSchema,
  activitySchema,
  activitySummarySchema,
  callLoggedSchema,
} from '../responses/activities.ts';
import {
  exportResultSchema,
  heldClientAddressSchema,
  heldSubmissionPageSchema,
  leadBulkAssignResultSchema,
  leadDetailSchema,
  leadHistorySchema,
  leadPageSchema,
  leadMatchConflictSchema,
  leadSchema,
  staffLeadResultSchema,
} from '../responses/leads.ts';
import { analyticsReportSchema, intakeReportSchema, metricsSchema, statsReportSchema } from '../responses/reports.ts';
import { serviceAddressUpdateSchema } from '../service-address.ts';
import { z } from 'zod';
import { empty, error, json, operation, type Operation, text } from './operation.ts';

const session = 'session' as const;

const requestDecision = (action: 'apply' | 'dismiss', summary: string) =>
  operation({
    method: 'post',
    path: `/api/admin/leads/:id/requests/:requestId/${action}`,
    tag: 'Leads',
    summary,
    access: session,
    params: leadRequestParamsSchema,
    answers: { 200: json(leadDetailSchema, 'The lead, decided.') },
  });

export const leadOperations = {
  listLeads: operation({
    method: 'get',
    path: '/api/admin/leads',
    tag: 'Leads',
    summary: 'A page of leads, filtered and sorted',
    description:
      "Pages by number (`page`) or by cursor: `cursor` takes an earlier answer's `nextCursor` or `prevCursor` (opaque; same sort and order; `page` is then ignored and the answer's `page` is the cursor's). A walk by cursor neither repeats nor skips a lead when others arrive meanwhile. A cursor this list did not hand out, or one of another sort or order, is a 400 on `cursor`. `total` is exact up to 10,000 matching leads; beyond that it is PostgreSQL's estimate and `totalIsEstimate` is true.",
    access: session,
    query: leadListQuerySchema,
    conditional: true,
    answers: { 200: json(leadPageSchema, 'The page.') },
  }),
  createLead: operation({
    method: 'post',
    path: '/api/admin/leads',
    tag: 'Leads',
    summary: 'Enter a lead by hand (a customer who phoned, wrote or walked in)',
    description:
      'The quote form’s fields and validation messages, and a `source` from the known lead sources (default "Phone Call"); no spam rules. The estimate is computed as for the form. When the e-mail, or the phone with the full name, matches an existing lead, the answer is 409 with the matches unless `addToLead` names one of them (the request is kept on that open lead as a repeat request: 200) or `createAnyway` is true (a new lead, linked to the matches as "same phone" or following a closed one). The lead is audited with its maker, who gets no new-lead notification.',
    access: session,
    body: staffLeadRequestSchema,
    answers: {
      201: json(staffLeadResultSchema, 'The new lead.'),
      200: json(staffLeadResultSchema, 'The lead the request was added to.'),
      409: json(leadMatchConflictSchema, 'The person already has a lead: the matches, newest open one first.'),
    },
  }),
  exportLeads: operation({
    method: 'post',
    path: '/api/admin/leads/export',
    tag: 'Leads',
    summary: 'Export the chosen leads (or every lead the filter matches) as CSV or JSON',
    description:
      'A CSV export asked for with Accept: text/csv streams the file, with X-Export-Count and a file name in Content-Disposition; otherwise the whole file comes as text in a JSON envelope.',
    access: session,
    body: exportRequestSchema,
    answers: {
      200: [json(exportResultSchema, 'The file as text.'), text('text/csv', 'The file (Accept: text/csv).')],
    },
  }),
  assignLeads: operation({
    method: 'post',
    path: '/api/admin/leads/assign',
    tag: 'Leads',
    summary: 'Assign the chosen leads to one person, or to nobody',
    description:
      'One transaction with one audit row per lead whose assignee changed; `updated` counts those (unknown ids and leads the person already held count none). A disabled or unknown person is refused with 400 on `assignedTo`.',
    access: session,
    body: leadBulkAssignSchema,
    answers: { 200: json(leadBulkAssignResultSchema, 'How many leads changed hands.') },
  }),
  getLeadHistory: operation({
    method: 'get',
    path: '/api/admin/leads/:id/history',
    tag: 'Leads',
    summary: 'The lead’s audit rows, newest first: who changed its status, assignee and fields, and when',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(leadHistorySchema, 'The lead’s history (the latest 200 changes).') },
  }),
  getLead: operation({
    method: 'get',
    path: '/api/admin/leads/:id',
    tag: 'Leads',
    summary: 'One lead with every quote request it received',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(leadDetailSchema, 'The lead.') },
  }),
  updateLead: operation({
    method: 'patch',
    path: '/api/admin/leads/:id',
    tag: 'Leads',
    summary: 'Change a lead’s details',
    access: session,
    params: idParamsSchema,
    body: leadUpdateSchema,
    answers: { 200: json(leadSchema, 'The lead, changed.') },
  }),
  setServiceAddress: operation({
    method: 'put',
    path: '/api/admin/leads/:id/service-address',
    tag: 'Leads',
    summary: 'Set or change where the crew cleans (the lead’s service address)',
    description:
      'Street (line1), optional unit (line2), city and ZIP (5 digits or ZIP+4). Staff may save a city outside the service area (the CRM warns); a customer’s booking step refuses one. Audited (`service_address_set`) with the address before and after; the Schedule, the visit e-mails and calendar files show the address as it now is.',
    access: session,
    params: idParamsSchema,
    body: serviceAddressUpdateSchema,
    answers: { 200: json(leadSchema, 'The lead, with its service address.'), 404: error('No lead has this id.') },
  }),
  changeLeadStatus: operation({
    method: 'patch',
    path: '/api/admin/leads/:id/status',
    tag: 'Leads',
    summary: 'Move a lead to another status',
    description:
      'With Lost, an optional `lostReason` from GET /api/admin/lost-reasons (or "Other", which needs `lostNote`); ' +
      'a reason with any other status, or one not on the list, is a 400. Leaving Lost clears the reason.',
    access: session,
    params: idParamsSchema,
    body: leadStatusUpdateSchema,
    answers: { 200: json(leadSchema, 'The lead, moved.') },
  }),
  logCall: operation({
    method: 'post',
    path: '/api/admin/leads/:id/calls',
    tag: 'Activities',
    summary: 'Log a call made now with its outcome, and set the lead’s next follow-up and status in the same step',
    description:
      '`outcome`: reached, voicemail, no_answer or wrong_number; `note` becomes the entry’s description. ' +
      '`nextFollowUpAt` sets (or, null, clears) the follow-up; `status` moves the lead as PATCH …/status does ' +
      '(with Lost, an optional `lostReason`). One transaction: the call, the follow-up and the status are ' +
      'written together, each change audited, or none is. A follow-up with Won or Lost is a 400.',
    access: session,
    params: idParamsSchema,
    body: callLogSchema,
    answers: { 201: json(callLoggedSchema, 'Logged; the lead as it is now.'), 404: error('No such lead.') },
  }),
  applyRequestDetails: requestDecision(
    'apply',
    'Take a repeat request’s details for the lead: name, e-mail, phone, home and service (and its estimate)',
  ),
  dismissRequestDetails: requestDecision('dismiss', 'Keep the lead’s details over a repeat request’s'),
  splitRequest: operation({
    method: 'post',
    path: '/api/admin/leads/:id/requests/:requestId/split',
    tag: 'Leads',
    summary: 'This is a different person: a request taken as a repeat becomes a lead of its own',
    description:
      'The new lead takes the request’s details, estimate, attribution and consent, and the request moves to it; it is a new lead from now (`lead_created`: on-duty alert, assignment, rules; the bell of the person on duty; its own contact clock), linked “same phone” to the leads of its phone. The original lead takes back what the request brought (repeat count, request times, “Details differ”, appended notes, consent only it gave). Audited on both leads.',
    access: session,
    params: leadRequestParamsSchema,
    answers: {
      201: json(leadDetailSchema, 'The new lead, with the request as its first.'),
      409: error('The lead’s first request: the lead is that person, so it cannot be split off.'),
    },
  }),
  listHeldSubmissions: operation({
    method: 'get',
    path: '/api/admin/held-submissions',
    tag: 'Held submissions',
    summary: 'Quote requests a spam rule held, newest first',
    access: session,
    query: heldListQuerySchema,
    answers: { 200: json(heldSubmissionPageSchema, 'The page.') },
  }),
  releaseHeldSubmission: operation({
    method: 'post',
    path: '/api/admin/held-submissions/:id/release',
    tag: 'Held submissions',
    summary: 'Release a held request: it is taken in as if it had just arrived',
    access: session,
    params: idParamsSchema,
    answers: { 201: json(leadSchema, 'The lead it made or joined.') },
  }),
  showHeldClientAddress: operation({
    method: 'post',
    path: '/api/admin/held-submissions/:id/client-address',
    tag: 'Held submissions',
    summary: 'The full address a held request came from (admins; audited)',
    description:
      'The list shows admins only the sender’s network (/24, /48) and salespeople neither address nor user agent; an admin who needs the whole address asks for it here, and the audit trail keeps who looked at which.',
    access: session,
    role: 'admin',
    params: idParamsSchema,
    answers: {
      200: json(heldClientAddressSchema, 'The address (null when none was recorded).'),
      403: error('Only admins see a sender’s address.'),
    },
  }),
  deleteHeldSubmission: operation({
    method: 'delete',
    path: '/api/admin/held-submissions/:id',
    tag: 'Held submissions',
    summary: 'Delete a held request',
    access: session,
    params: idParamsSchema,
    answers: { 204: empty('Deleted.') },
  }),
  createActivity: operation({
    method: 'post',
    path: '/api/admin/activities',
    tag: 'Activities',
    summary: 'Log a call, e-mail, meeting, note or task on a lead',
    access: session,
    body: activityCreateSchema,
    answers: { 201: json(activitySchema, 'Logged.'), 404: error('No such lead.') },
  }),
  listActivities: operation({
    method: 'get',
    path: '/api/admin/activities',
    tag: 'Activities',
    summary: 'Every lead’s activities of one status, earliest due first, a page at a time',
    description:
      '`status` defaults to pending: the activities the dashboard’s Pending Tasks card counts (every type), so ' +
      '`total` is that figure. 25 a page; each carries its lead’s name.',
    access: session,
    query: activityListQuerySchema,
    answers: { 200: json(activityListSchema, 'The page.') },
  }),
  getActivitySummary: operation({
    method: 'get',
    path: '/api/admin/activities/summary',
    tag: 'Activities',
    summary: 'People’s activities counted by type and by status; the product’s own entries apart',
    access: session,
    answers: { 200: json(activitySummarySchema, 'The counts.') },
  }),
  listLeadActivities: operation({
    method: 'get',
    path: '/api/admin/activities/lead/:leadId',
    tag: 'Activities',
    summary: 'A lead’s activities, newest first',
    access: session,
    params: leadIdParamsSchema,
    answers: { 200: json(z.array(activitySchema), 'The activities.') },
  }),
  getStats: operation({
    method: 'get',
    path: '/api/admin/stats',
    tag: 'Reports',
    summary: 'Leads by status, priority and source, and the pipeline’s value',
    access: session,
    conditional: true,
    answers: { 200: json(statsReportSchema, 'The counts.') },
  }),
  getMetrics: operation({
    method: 'get',
    path: '/api/admin/metrics',
    tag: 'Reports',
    summary: 'The dashboard’s cards',
    access: session,
    conditional: true,
    answers: { 200: json(metricsSchema, 'The figures.') },
  }),
  getIntakeReport: operation({
    method: 'get',
    path: '/api/admin/intake',
    tag: 'Reports',
    summary: 'Speed-to-lead, leads awaiting contact, and rejected or held submissions (last 30 days)',
    access: session,
    answers: { 200: json(intakeReportSchema, 'The report.') },
  }),
  getAnalyticsReport: operation({
    method: 'get',
    path: '/api/admin/reports/analytics',
    tag: 'Reports',
    summary:
      'Leads created in a range of business dates: per week and source, conversion and won value, speed-to-lead, funnel',
    access: session,
    query: analyticsRangeSchema,
    answers: { 200: json(analyticsReportSchema, 'The report.'), 400: error('The range is not valid.') },
  }),
} satisfies Record<string, Operation>;
