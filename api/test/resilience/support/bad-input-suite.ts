// Generated bad input against every endpoint, signed in and signed out: wrong
// types, missing and extra fields, huge and empty strings, Unicode edge cases, markup and SQL-looking
// text, invalid ids, wrong content types, malformed and deeply nested JSON. Every answer is a 4xx with
// a JSON `message`, or the documented success; never a 5xx, a hang or a leaked stack trace; a
// rejected write leaves every data table exactly as it was. The shared zod schema is the oracle: what
// it rejects the API must reject, what it accepts (for an existing id) the API must accept.
import { analyticsRangeSchema } from '@shine/shared/analytics';
import { passwordChangeSchema } from '@shine/shared/auth';
import {
  activityCreateSchema,
  activityListQuerySchema,
  activityUpdateSchema,
  callLogSchema,
} from '@shine/shared/activities';
import { AUTOMATION_RECIPE_KEYS, automationRecipeCreateSchema } from '@shine/shared/automation-recipes';
import { automationPreviewSchema, outboxQuerySchema } from '@shine/shared/automation-rules';
import { automationCreateSchema, automationUpdateSchema } from '@shine/shared/automations';
import { callListQuerySchema, callSettingsSchema } from '@shine/shared/calls';
import { companyDetailsSchema } from '@shine/shared/company-settings';
import {
  manualMessageSchema,
  unmatchedEmailAttachSchema,
  unmatchedEmailQuerySchema,
} from '@shine/shared/conversations';
import { exportRequestSchema } from '@shine/shared/export';
import { lostReasonsSchema } from '@shine/shared/lost-reasons';
import { myDayQuerySchema } from '@shine/shared/my-day';
import { notificationsReadSchema } from '@shine/shared/notifications';
import { speedToLeadSettingsSchema } from '@shine/shared/speed-to-lead';
import {
  heldListQuerySchema,
  leadBulkAssignSchema,
  leadListQuerySchema,
  leadStatusUpdateSchema,
  leadUpdateSchema,
} from '@shine/shared/leads';
import { quoteRequestIntakeSchema, staffLeadRequestSchema } from '@shine/shared/quote-request';
import {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDeclineSchema,
  quoteSendSchema,
  quoteUpdateSchema,
} from '@shine/shared/quotes';
import {
  auditQuerySchema,
  ownSettingsSchema,
  setupLinkCheckSchema,
  setupPasswordSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@shine/shared/team';
import { templateCreateSchema, templatePreviewSchema, templateUpdateSchema } from '@shine/shared/templates';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityBody,
  alertSettingsBody,
  callLogBody,
  bookingBody,
  newBookingBody,
  manualPaymentBody,
  refundBody,
  paymentSettingsBody,
  serviceAddressBody,
  staffBookingBody,
  leadAlertSettingsBody,
  companyDetailsBody,
  callSettingsBody,
  lostReasonsBody,
  notificationsReadBody,
  activityUpdateBody,
  automationBody,
  bulkAssignBody,
  encodeSegment,
  exportBody,
  idSegment,
  leadListQuery,
  leadUpdateBody,
  loginBody,
  manualMessageBody,
  ownSettingsBody,
  passwordChangeBody,
  quoteAcceptBody,
  accountLinkBody,
  accountMessageBody,
  accountPreferencesBody,
  accountRequestBody,
  accountVisitBody,
  quoteBody,
  quoteDeclineBody,
  quoteDraftBody,
  quoteSendBody,
  rawBody,
  recipeBody,
  schedulingSettingsBody,
  setupLinkCheckBody,
  setupPasswordBody,
  statusBody,
  templateBody,
  userCreateBody,
  userUpdateBody,
  visitUpdateBody,
  customerVisitUpdateBody,
} from './arbitraries.ts';
import { holdsNul } from '../../../src/http/validate.ts';
import { accountSignInLinkSchema } from '@shine/shared/account';
import { newLeadAlertSettingsUpdateSchema } from '@shine/shared/new-lead-alerts';
import {
  bookingRequestSchema,
  newBookingRequestSchema,
  customerVisitUpdateSchema,
  slotsQuerySchema,
  staffBookingRequestSchema,
  visitListQuerySchema,
  visitUpdateSchema,
} from '@shine/shared/bookings';
import { serviceAddressUpdateSchema } from '@shine/shared/service-address';
import { schedulingSettingsSchema } from '@shine/shared/scheduling';
import { invoiceExportQuerySchema } from '@shine/shared/payment-reports';
import { tipInputSchema } from '@shine/shared/tips';
import {
  invoiceListQuerySchema,
  manualPaymentSchema,
  paymentSettingsSchema,
  refundSchema,
} from '@shine/shared/payments';
import { checksumTables, expectWellFormed, sendRaw } from './checks.ts';
import { recordFigure } from './figures.ts';
import { type TestApp, signInTestApp, startTestApp } from './app.ts';
import { ROUTES, routeKey } from './routes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type IdKind =
  | 'lead'
  | 'automation'
  | 'template'
  | 'held'
  | 'request'
  | 'recipe'
  | 'user'
  | 'quote'
  | 'token'
  | 'unmatched'
  | 'activity'
  | 'call';

interface Endpoint {
  method: Method;
  /**
   * With `:id` where a path parameter goes (and `:requestLead` for the lead of a `request` id, `:visit`
   * for a visit's id, always one of no visit).
   */
  path: string;
  /** account: a customer's account session only (none here: 401, whether or not staff are signed in). */
  access: 'public' | 'admin' | 'login' | 'me' | 'account';
  success: number[];
  /** Counted by a rate limit the suite's requests may spend: a 429 is an answer whatever the input. */
  limited?: true;
  id?: IdKind;
  body?: () => fc.Arbitrary<unknown>;
  /** Validates the body (or, for GET with `query`, the query object) the way the API must. */
  schema?: ZodType;
  query?: fc.Arbitrary<string>;
  /** Valid input can still be refused for a reason the schema does not know (e.g. wrong current password). */
  validMayFail?: number[];
  /** The answers to a well-formed id that matches nothing (default 404). */
  unknownId?: number[];
}

// Scale: RESILIENCE_RUNS=<n> changes the runs per endpoint and session state (default 40; docs/testing.md).
const RUNS = Number(process.env.RESILIENCE_RUNS ?? 40);

let app: TestApp;
let cookie = '';
const ids: Record<IdKind, string[]> = {
  lead: [],
  automation: [],
  template: [],
  held: [],
  request: [],
  // A recipe is named by its key, not a uuid: every key always exists.
  recipe: [...AUTOMATION_RECIPE_KEYS],
  user: [],
  quote: [],
  // A customer's link is 256 random bits: no generated one is a real link (404 unless the body is refused first).
  token: [],
  // Held e-mail comes only from the mailbox: none here (404 unless the body is refused first).
  unmatched: [],
  // Calls come only from the voice webhook: none here (404 unless the request is refused first).
  call: [],
  // Read from the table once the fixtures are in (POST /api/admin/activities adds more).
  activity: [],
};
/** The lead of each quote request (a request's path names both). */
const requestLeads = new Map<string, string>();
let requestsTried = 0;
let rejectedWrites = 0;

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/health', access: 'public', success: [200] },
  { method: 'GET', path: '/api/openapi.json', access: 'public', success: [200] },
  { method: 'GET', path: '/api/docs', access: 'public', success: [200] },
  {
    method: 'POST',
    path: '/api/leads',
    access: 'public',
    success: [201],
    body: () => quoteBody,
    schema: quoteRequestIntakeSchema,
  },
  // The SMS provider's webhook: nothing generated is signed with its token, so every call is a 403
  // (a form post, not JSON: no JSON body is generated for it).
  { method: 'POST', path: '/api/webhooks/sms', access: 'public', success: [403] },
  // Without STRIPE_WEBHOOK_SECRET (as here) the card processor's webhook is not there.
  { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public', success: [404] },
  { method: 'POST', path: '/api/webhooks/voice', access: 'public', success: [403] },
  { method: 'POST', path: '/api/webhooks/voice/status', access: 'public', success: [403] },
  { method: 'POST', path: '/api/admin/login', access: 'login', success: [200], body: () => loginBody },
  { method: 'GET', path: '/api/admin/me', access: 'me', success: [200] },
  { method: 'POST', path: '/api/admin/logout', access: 'admin', success: [200, 204] },
  {
    method: 'POST',
    path: '/api/admin/me/password',
    access: 'admin',
    success: [200, 204],
    body: () => passwordChangeBody,
    schema: passwordChangeSchema,
    // Random current passwords are wrong (the test admin's is never generated).
    validMayFail: [400, 401, 403],
  },
  {
    method: 'GET',
    path: '/api/admin/leads',
    access: 'admin',
    success: [200],
    query: leadListQuery,
    schema: leadListQuerySchema,
    // A cursor the schema accepts as text but that is not one the list handed out, or is for another sort.
    validMayFail: [400],
  },
  { method: 'GET', path: '/api/admin/leads/:id', access: 'admin', success: [200], id: 'lead' },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id',
    access: 'admin',
    success: [200],
    id: 'lead',
    body: () => leadUpdateBody,
    schema: leadUpdateSchema,
    // A well-formed assignedTo that names nobody on the team.
    validMayFail: [400],
  },
  {
    method: 'POST',
    path: '/api/admin/leads/assign',
    access: 'admin',
    success: [200],
    body: () => bulkAssignBody(() => ids.lead),
    schema: leadBulkAssignSchema,
    // A well-formed assignedTo that names nobody on the team.
    validMayFail: [400],
  },
  // A lead entered by hand: a well-formed one is new (201), or the person's lead is offered (409).
  {
    method: 'POST',
    path: '/api/admin/leads',
    access: 'admin',
    success: [201, 409],
    body: () => quoteBody,
    schema: staffLeadRequestSchema,
  },
  { method: 'GET', path: '/api/admin/leads/:id/history', access: 'admin', success: [200], id: 'lead' },
  {
    method: 'PUT',
    path: '/api/admin/leads/:id/service-address',
    access: 'admin',
    success: [200],
    id: 'lead',
    body: () => serviceAddressBody,
    schema: serviceAddressUpdateSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id/status',
    access: 'admin',
    success: [200],
    id: 'lead',
    body: () => statusBody,
    schema: leadStatusUpdateSchema,
    // A reason the admin's list does not offer.
    validMayFail: [400],
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/calls',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => callLogBody,
    schema: callLogSchema,
    // A lost reason the admin's list does not offer.
    validMayFail: [400],
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:requestLead/requests/:id/apply',
    access: 'admin',
    success: [200],
    id: 'request',
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:requestLead/requests/:id/dismiss',
    access: 'admin',
    success: [200],
    id: 'request',
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:requestLead/requests/:id/split',
    access: 'admin',
    success: [201],
    id: 'request',
    // A lead's first request is that lead's person: it cannot be split off.
    validMayFail: [409],
  },
  {
    method: 'GET',
    path: '/api/admin/held-submissions',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'page=2', 'pageSize=5', 'pageSize=100', 'pageSize=101', 'page=0', 'page=x', 'page='),
    schema: heldListQuerySchema,
  },
  { method: 'POST', path: '/api/admin/held-submissions/:id/release', access: 'admin', success: [201], id: 'held' },
  {
    method: 'POST',
    path: '/api/admin/held-submissions/:id/client-address',
    access: 'admin',
    success: [200],
    id: 'held',
  },
  { method: 'DELETE', path: '/api/admin/held-submissions/:id', access: 'admin', success: [204], id: 'held' },
  { method: 'GET', path: '/api/admin/stats', access: 'admin', success: [200] },
  { method: 'GET', path: '/api/admin/metrics', access: 'admin', success: [200] },
  { method: 'GET', path: '/api/admin/intake', access: 'admin', success: [200] },
  {
    method: 'GET',
    path: '/api/admin/reports/analytics',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      '',
      'from=2025-03-01&to=2025-03-31',
      'from=2025-03-01&to=2025-03-01',
      'from=2025-03-31&to=2025-03-01',
      'from=2024-01-01&to=2025-12-31',
      'from=2025-02-29&to=2025-03-01',
      'from=0000-01-01&to=2025-01-01',
      'from=2025-03-01',
      'from=x&to=y',
      'from=2025-03-01&from=2025-03-02&to=2025-03-31',
    ),
    schema: analyticsRangeSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/reports/payments',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'from=2025-03-01&to=2025-03-31', 'from=2025-03-31&to=2025-03-01', 'from=x&to=y'),
    schema: analyticsRangeSchema,
  },
  { method: 'GET', path: '/api/admin/events', access: 'admin', success: [200] },
  { method: 'GET', path: '/api/admin/me/alerts', access: 'admin', success: [200] },
  {
    method: 'PATCH',
    path: '/api/admin/me/alerts',
    access: 'admin',
    success: [200],
    body: () => alertSettingsBody,
    schema: newLeadAlertSettingsUpdateSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/activities/lead/:id',
    access: 'admin',
    success: [200],
    id: 'lead',
    unknownId: [200, 404],
  },
  { method: 'GET', path: '/api/admin/activities/summary', access: 'admin', success: [200] },
  {
    method: 'GET',
    path: '/api/admin/activities',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      '',
      'status=pending',
      'status=completed&page=2',
      'status=',
      'status=done',
      'page=0',
      'page=x',
    ),
    schema: activityListQuerySchema,
  },
  {
    method: 'POST',
    path: '/api/admin/activities',
    access: 'admin',
    success: [201],
    body: () => activityBody(() => ids.lead),
    schema: activityCreateSchema,
    // A well-formed leadId that matches no lead.
    validMayFail: [404],
  },
  { method: 'GET', path: '/api/admin/automations', access: 'admin', success: [200] },
  {
    method: 'POST',
    path: '/api/admin/automations',
    access: 'admin',
    success: [201],
    body: () => automationBody(() => ids.template),
    schema: automationCreateSchema,
    // An action naming a template that does not exist.
    validMayFail: [400, 404],
  },
  {
    method: 'PATCH',
    path: '/api/admin/automations/:id',
    access: 'admin',
    success: [200],
    id: 'automation',
    body: () => automationBody(() => ids.template),
    schema: automationUpdateSchema,
    validMayFail: [400, 404],
  },
  { method: 'DELETE', path: '/api/admin/automations/:id', access: 'admin', success: [200, 204], id: 'automation' },
  { method: 'GET', path: '/api/admin/automations/recipes', access: 'admin', success: [200] },
  {
    method: 'POST',
    path: '/api/admin/automations/recipes/:id',
    access: 'admin',
    // 201 adds the rule; 200 answers the rule an earlier request added.
    success: [200, 201],
    id: 'recipe',
    body: () => recipeBody,
    schema: automationRecipeCreateSchema,
    // The welcome e-mail's starter template may have been deleted by a generated DELETE: 409 says so.
    validMayFail: [409],
  },
  {
    method: 'POST',
    path: '/api/admin/automations/preview',
    access: 'admin',
    success: [200],
    body: () => automationBody(() => ids.template),
    schema: automationPreviewSchema,
    // An action naming a template that does not exist.
    validMayFail: [400, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/automations/:id/runs',
    access: 'admin',
    success: [200],
    id: 'automation',
    unknownId: [200, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/leads/:id/runs',
    access: 'admin',
    success: [200],
    id: 'lead',
    unknownId: [200, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/leads/:id/outbox',
    access: 'admin',
    success: [200],
    id: 'lead',
    unknownId: [200, 404],
  },
  { method: 'GET', path: '/api/admin/leads/:id/messages', access: 'admin', success: [200], id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/messages',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => manualMessageBody,
    schema: manualMessageSchema,
    // A lead without an e-mail address or a phone, or a number that answered STOP.
    validMayFail: [409],
  },
  { method: 'POST', path: '/api/admin/leads/:id/messages/read', access: 'admin', success: [204], id: 'lead' },
  { method: 'GET', path: '/api/admin/inbox', access: 'admin', success: [200] },
  {
    method: 'GET',
    path: '/api/admin/my-day',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'scope=me', 'scope=all', 'scope=', 'scope=team', 'scope=me&scope=all'),
    schema: myDayQuerySchema,
  },
  { method: 'GET', path: '/api/admin/counts', access: 'admin', success: [200] },
  {
    method: 'GET',
    path: '/api/admin/calls',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      '',
      'status=missed',
      'status=voicemail',
      'status=nope',
      'page=2',
      'page=0',
      'status=&page=x',
    ),
    schema: callListQuerySchema,
  },
  { method: 'POST', path: '/api/admin/calls/:id/called-back', access: 'admin', success: [200], id: 'call' },
  { method: 'GET', path: '/api/admin/notifications', access: 'admin', success: [200] },
  {
    method: 'POST',
    path: '/api/admin/notifications/read',
    access: 'admin',
    success: [200],
    body: () => notificationsReadBody,
    schema: notificationsReadSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/activities/:id',
    access: 'admin',
    success: [200],
    id: 'activity',
    body: () => activityUpdateBody,
    schema: activityUpdateSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/unmatched-emails',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'status=held', 'status=all', 'status=dismissed', 'status=nope', 'status='),
    schema: unmatchedEmailQuerySchema,
  },
  {
    method: 'POST',
    path: '/api/admin/unmatched-emails/:id/attach',
    access: 'admin',
    success: [200],
    id: 'unmatched',
    body: () => fc.record({ leadId: fc.oneof(fc.uuid(), fc.string()) }),
    schema: unmatchedEmailAttachSchema,
  },
  { method: 'POST', path: '/api/admin/unmatched-emails/:id/dismiss', access: 'admin', success: [200], id: 'unmatched' },
  {
    method: 'GET',
    path: '/api/admin/outbox',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      '',
      'status=unsent',
      'status=failed',
      'status=sent',
      'status=all',
      'status=bogus',
      'status=',
    ),
    schema: outboxQuerySchema,
  },
  { method: 'GET', path: '/api/admin/templates', access: 'admin', success: [200] },
  {
    method: 'POST',
    path: '/api/admin/templates/preview',
    access: 'admin',
    success: [200],
    body: () => templateBody,
    schema: templatePreviewSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/templates',
    access: 'admin',
    success: [201],
    body: () => templateBody,
    schema: templateCreateSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/templates/:id',
    access: 'admin',
    success: [200],
    id: 'template',
    body: () => templateBody,
    schema: templateUpdateSchema,
  },
  {
    method: 'DELETE',
    path: '/api/admin/templates/:id',
    access: 'admin',
    success: [200, 204],
    id: 'template',
    // A template an automation still uses.
    validMayFail: [409],
  },
  {
    method: 'POST',
    path: '/api/admin/leads/export',
    access: 'admin',
    success: [200],
    body: () => exportBody(() => ids.lead),
    schema: exportRequestSchema,
  },
  {
    method: 'POST',
    path: '/api/setup-password',
    access: 'public',
    success: [204],
    body: () => setupPasswordBody,
    schema: setupPasswordSchema,
    // No generated token is a real link's: refused with its message.
    validMayFail: [400],
  },
  {
    method: 'POST',
    path: '/api/setup-password/check',
    access: 'public',
    success: [200],
    body: () => setupLinkCheckBody,
    schema: setupLinkCheckSchema,
    // No generated token is a real link's: refused with its message, and nothing is used up.
    validMayFail: [400],
  },
  {
    method: 'PATCH',
    path: '/api/admin/me',
    access: 'admin',
    success: [200],
    body: () => ownSettingsBody,
    schema: ownSettingsSchema,
  },
  { method: 'GET', path: '/api/admin/assignees', access: 'admin', success: [200] },
  { method: 'GET', path: '/api/admin/settings/lead-alerts', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/settings/lead-alerts',
    access: 'admin',
    success: [200],
    body: () => leadAlertSettingsBody,
    schema: speedToLeadSettingsSchema,
    // Someone named who is not on the team.
    validMayFail: [400],
  },
  { method: 'GET', path: '/api/admin/lost-reasons', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/lost-reasons',
    access: 'admin',
    success: [200],
    body: () => lostReasonsBody,
    schema: lostReasonsSchema,
  },
  { method: 'GET', path: '/api/admin/settings/calls', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/settings/calls',
    access: 'admin',
    success: [200],
    body: () => callSettingsBody,
    schema: callSettingsSchema,
  },
  { method: 'GET', path: '/api/admin/settings/company', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/settings/company',
    access: 'admin',
    success: [200],
    body: () => companyDetailsBody,
    schema: companyDetailsSchema,
  },
  { method: 'GET', path: '/api/admin/users', access: 'admin', success: [200] },
  {
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    success: [201],
    body: () => userCreateBody,
    schema: userCreateSchema,
    // An address already on the team.
    validMayFail: [409],
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: 'admin',
    success: [200],
    id: 'user',
    body: () => userUpdateBody,
    schema: userUpdateSchema,
    // The signed-in admin disabling or demoting themself.
    validMayFail: [400],
  },
  { method: 'POST', path: '/api/admin/users/:id/reset', access: 'admin', success: [200], id: 'user' },
  {
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      '',
      'entity=user',
      'entity=automation&page=2&pageSize=5',
      'entity=bogus',
      'page=0',
      'pageSize=500',
      'leadId=not-a-uuid',
      'userId=00000000-0000-4000-8000-000000000000',
    ),
    schema: auditQuerySchema,
  },
  { method: 'GET', path: '/api/admin/leads/:id/quotes', access: 'admin', success: [200], id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/quotes',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => quoteDraftBody,
    schema: quoteCreateSchema,
    // One draft per lead: a second is refused until the first is sent.
    validMayFail: [409],
  },
  {
    method: 'PATCH',
    path: '/api/admin/quotes/:id',
    access: 'admin',
    success: [200],
    id: 'quote',
    body: () => quoteDraftBody,
    schema: quoteUpdateSchema,
    // A sent version is frozen.
    validMayFail: [409],
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/:id/send',
    access: 'admin',
    success: [200],
    id: 'quote',
    body: () => quoteSendBody,
    schema: quoteSendSchema,
    // Answered, replaced or expired versions cannot be sent.
    validMayFail: [409],
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/:id/withdraw',
    access: 'admin',
    success: [200],
    id: 'quote',
    // Only a sent or accepted version can be withdrawn.
    validMayFail: [409],
  },
  { method: 'GET', path: '/api/admin/quotes/:id/pdf', access: 'admin', success: [200], id: 'quote' },
  {
    method: 'POST',
    path: '/api/quotes/:id/accept',
    access: 'public',
    success: [200],
    id: 'token',
    body: () => quoteAcceptBody,
    schema: quoteAcceptSchema,
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/decline',
    access: 'public',
    success: [200],
    id: 'token',
    body: () => quoteDeclineBody,
    schema: quoteDeclineSchema,
  },
  {
    method: 'GET',
    path: '/api/quotes/:id/slots',
    access: 'public',
    success: [200],
    id: 'token',
    query: fc.constantFrom('', 'from=2026-12-01&days=21', 'days=0', 'days=43', 'from=2026-02-30', 'from=tomorrow'),
    schema: slotsQuerySchema,
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/booking',
    access: 'public',
    success: [200, 201],
    id: 'token',
    body: () => newBookingBody,
    schema: newBookingRequestSchema,
    // No address while the lead has none.
    validMayFail: [400],
  },
  {
    method: 'PATCH',
    path: '/api/quotes/:id/booking',
    access: 'public',
    success: [200, 201],
    id: 'token',
    body: () => bookingBody,
    schema: bookingRequestSchema,
  },
  { method: 'DELETE', path: '/api/quotes/:id/booking', access: 'public', success: [200], id: 'token' },
  // One visit skipped by the link: :visit is a well-formed id of no visit (the token decides first).
  {
    method: 'PATCH',
    path: '/api/quotes/:id/visits/:visit',
    access: 'public',
    success: [200],
    id: 'token',
    body: () => customerVisitUpdateBody,
    schema: customerVisitUpdateSchema,
  },
  // The customer's account: the link asked for by anyone (the same 202, a limit per client address
  // the suite soon spends); the rest need the account's own session, which neither state here has.
  {
    method: 'POST',
    path: '/api/account/sign-in-link',
    access: 'public',
    success: [202],
    limited: true,
    body: () => accountLinkBody,
    schema: accountSignInLinkSchema,
  },
  { method: 'GET', path: '/api/account', access: 'account', success: [200] },
  {
    method: 'PATCH',
    path: '/api/account/visits/:visit',
    access: 'account',
    success: [200],
    body: () => accountVisitBody,
  },
  {
    method: 'PUT',
    path: '/api/account/preferences',
    access: 'account',
    success: [200],
    body: () => accountPreferencesBody,
  },
  { method: 'POST', path: '/api/account/messages', access: 'account', success: [201], body: () => accountMessageBody },
  { method: 'POST', path: '/api/account/requests', access: 'account', success: [201], body: () => accountRequestBody },
  { method: 'POST', path: '/api/account/sign-out', access: 'public', success: [204] },
  {
    method: 'GET',
    path: '/api/admin/visits',
    access: 'admin',
    success: [200],
    query: fc.constantFrom(
      'from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z',
      'from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z',
      'from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z',
      'from=0000-01-01T00:00:00Z&to=2026-12-01T00:00:00Z',
      '',
    ),
    schema: visitListQuerySchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/visits/:id',
    access: 'admin',
    success: [200],
    id: 'lead',
    body: () => visitUpdateBody,
    schema: visitUpdateSchema,
    // A lead's id names no visit.
    validMayFail: [404],
  },
  { method: 'GET', path: '/api/admin/leads/:id/booking', access: 'admin', success: [200], id: 'lead' },
  {
    method: 'GET',
    path: '/api/admin/leads/:id/slots',
    access: 'admin',
    success: [200],
    id: 'lead',
    query: fc.constantFrom('', 'from=2026-12-01&days=21', 'days=0', 'days=43', 'from=2026-02-30', 'from=tomorrow'),
    schema: slotsQuerySchema,
    // A lead without the service details to book.
    validMayFail: [409],
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/booking',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => staffBookingBody,
    schema: staffBookingRequestSchema,
    // A window taken, closed or not one of the settings'; a lead already booked.
    validMayFail: [409],
  },
  {
    method: 'DELETE',
    path: '/api/admin/leads/:id/booking',
    access: 'admin',
    success: [200],
    id: 'lead',
    // A lead with no booking to cancel.
    validMayFail: [409],
  },
  {
    method: 'DELETE',
    path: '/api/admin/bookings/:id',
    access: 'admin',
    success: [200],
    id: 'lead',
    // A lead's id names no booking.
    validMayFail: [404],
  },
  { method: 'GET', path: '/api/admin/settings/scheduling', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/settings/scheduling',
    access: 'admin',
    success: [200],
    body: () => schedulingSettingsBody,
    schema: schedulingSettingsSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/invoices',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'status=open', 'status=past_due&page=2', 'status=late', 'page=0', 'leadId=nope'),
    schema: invoiceListQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/admin/invoices/export',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'status=open', 'status=late', 'leadId=nope'),
    schema: invoiceExportQuerySchema,
  },
  // A lead's id names no invoice or payment: well-formed input then meets the 404.
  { method: 'GET', path: '/api/admin/invoices/:id', access: 'admin', success: [200], id: 'lead', validMayFail: [404] },
  {
    method: 'POST',
    path: '/api/admin/invoices/:id/payments',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => manualPaymentBody,
    schema: manualPaymentSchema,
    validMayFail: [404],
  },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/return',
    access: 'admin',
    success: [200],
    id: 'lead',
    validMayFail: [404],
  },
  {
    method: 'POST',
    path: '/api/admin/visits/:id/tips',
    access: 'admin',
    success: [201],
    id: 'lead',
    body: () => manualPaymentBody,
    schema: tipInputSchema,
    validMayFail: [404],
  },
  {
    method: 'GET',
    path: '/api/admin/tips',
    access: 'admin',
    success: [200],
    query: fc.constantFrom('', 'from=2025-03-01&to=2025-03-31', 'from=2025-03-31&to=2025-03-01', 'from=x&to=y'),
    schema: analyticsRangeSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    access: 'admin',
    success: [200],
    id: 'lead',
    body: () => refundBody,
    schema: refundSchema,
    validMayFail: [404],
  },
  // A lead that does not exist has no card: null, not 404 (the operation says so).
  { method: 'GET', path: '/api/admin/leads/:id/card', access: 'admin', success: [200], id: 'lead', unknownId: [200] },
  {
    method: 'DELETE',
    path: '/api/admin/leads/:id/card',
    access: 'admin',
    success: [204],
    id: 'lead',
    validMayFail: [404],
  },
  { method: 'GET', path: '/api/admin/settings/payments', access: 'admin', success: [200] },
  {
    method: 'PUT',
    path: '/api/admin/settings/payments',
    access: 'admin',
    success: [200],
    body: () => paymentSettingsBody,
    schema: paymentSettingsSchema,
  },
];

async function refreshIds(): Promise<void> {
  ids.lead = (await app.db('leads').select('id').orderBy('created_at').limit(50)).map((row: { id: string }) => row.id);
  ids.automation = (await app.db('automations').select('id')).map((row: { id: string }) => row.id);
  ids.template = (await app.db('templates').select('id')).map((row: { id: string }) => row.id);
  ids.held = (await app.db('held_submissions').select('id')).map((row: { id: string }) => row.id);
  ids.user = (await app.db('users').whereNot({ username: 'system@shine.invalid' }).select('id')).map(
    (row: { id: string }) => row.id,
  );
  const requests = (await app.db('lead_requests').select('id', 'lead_id').limit(50)) as Array<{
    id: string;
    lead_id: string;
  }>;
  ids.request = requests.map((row) => row.id);
  ids.quote = (await app.db('quotes').select('id').limit(50)).map((row: { id: string }) => row.id);
  ids.unmatched = (await app.db('unmatched_emails').select('id').limit(50)).map((row: { id: string }) => row.id);
  ids.activity = (await app.db('activities').select('id').limit(50)).map((row: { id: string }) => row.id);
  requestLeads.clear();
  for (const row of requests) requestLeads.set(row.id, row.lead_id);
}

async function ensureFixtures(): Promise<void> {
  await refreshIds();
  const headers = { 'content-type': 'application/json', cookie, origin: app.baseUrl };
  while (ids.lead.length < 3) {
    const answer = await sendRaw(`${app.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Fixture',
        lastName: `Lead${ids.lead.length}`,
        email: `fixture${ids.lead.length}@example.com`,
        // A phone of its own: a request sharing an open lead's phone is merged into it (repeat request).
        phone: `214-555-01${10 + ids.lead.length}`,
        zipcode: '75201',
        bedrooms: '2',
        bathrooms: '1',
        cleaningType: 'Basic',
        frequency: 'Weekly',
      }),
    });
    expect(answer.status, answer.text).toBe(201);
    await refreshIds();
  }
  // Quotes the honeypot holds, each a person of its own (a shared phone would be a repeat request).
  let held = 0;
  while (ids.held.length < 2) {
    held += 1;
    const answer = await sendRaw(`${app.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Held',
        lastName: 'Fixture',
        email: `held${Date.now()}${held}@example.com`,
        phone: `817-${String(Date.now() % 1000).padStart(3, '0')}-${String(held).padStart(4, '0')}`,
        zipcode: '75201',
        bedrooms: '2',
        bathrooms: '1',
        cleaningType: 'Basic',
        frequency: 'Weekly',
        website: 'bot',
      }),
    });
    expect(answer.status, answer.text).toBe(201);
    await refreshIds();
  }
  // Draft quotes of the first leads (a draft stays a draft unless a generated send sends it).
  for (const leadId of ids.lead.slice(0, 2)) {
    if (ids.quote.length >= 2) break;
    const answer = await sendRaw(`${app.baseUrl}/api/admin/leads/${leadId}/quotes`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect([201, 409], answer.text).toContain(answer.status);
    await refreshIds();
  }
  while (ids.template.length < 2) {
    const answer = await sendRaw(`${app.baseUrl}/api/admin/templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Fixture', type: 'email', subject: 'Hi', content: 'Hello {{firstName}}' }),
    });
    expect(answer.status, answer.text).toBe(201);
    await refreshIds();
  }
  while (ids.automation.length < 2) {
    const answer = await sendRaw(`${app.baseUrl}/api/admin/automations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Fixture',
        trigger: 'lead_created',
        conditions: '{}',
        actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
        isActive: false,
      }),
    });
    expect(answer.status, answer.text).toBe(201);
    await refreshIds();
  }
}

async function ensureSignedIn(): Promise<void> {
  const me = await sendRaw(`${app.baseUrl}/api/admin/me`, { method: 'GET', headers: { cookie } });
  if (me.status === 200 && (JSON.parse(me.text) as { isAuthenticated?: boolean }).isAuthenticated) return;
  cookie = await signInTestApp(app);
}

function isWrite(method: Method): boolean {
  return method !== 'GET';
}

interface Generated {
  idSegment?: string;
  query?: string;
  body?: unknown;
  raw?: { contentType: string | undefined; body: string | Uint8Array };
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<Generated> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  const kind = endpoint.id;
  if (kind) parts.idSegment = idSegment(() => ids[kind]);
  if (endpoint.query) parts.query = endpoint.query;
  if (endpoint.body) {
    const body = endpoint.body();
    parts.body = body;
    // One request in five carries a body that is not a small well-formed JSON document.
    parts.raw = fc.option(rawBody, { freq: 4 });
  } else if (isWrite(endpoint.method)) {
    parts.raw = fc.option(rawBody, { freq: 2 });
  }
  return fc.record(parts) as fc.Arbitrary<Generated>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUOTE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function wellFormedId(kind: IdKind, segment: string): boolean {
  if (kind === 'recipe') return ids.recipe.includes(segment);
  if (kind === 'token') return QUOTE_TOKEN.test(segment);
  return UUID.test(segment);
}

async function exercise(endpoint: Endpoint, signedIn: boolean, generated: Generated): Promise<void> {
  const segment = generated.idSegment ?? '';
  const requestLead = requestLeads.get(segment) ?? ids.lead[0] ?? '00000000-0000-4000-8000-000000000000';
  const path =
    endpoint.path
      .replace(':requestLead', requestLead)
      .replace(':visit', '00000000-0000-4000-8000-000000000000')
      .replace(':id', segment) + (generated.query ? `?${generated.query}` : '');
  const headers: Record<string, string> = {};
  if (signedIn) headers.cookie = cookie;
  if (isWrite(endpoint.method)) headers.origin = app.baseUrl;
  let body: string | Uint8Array | undefined;
  if (generated.raw) {
    body = generated.raw.body;
    if (generated.raw.contentType) headers['content-type'] = generated.raw.contentType;
  } else if (endpoint.body) {
    body = JSON.stringify(generated.body);
    headers['content-type'] = 'application/json';
  }
  const write = isWrite(endpoint.method);
  const before = write ? await checksumTables(app.db) : undefined;
  const context = `${endpoint.method} ${path.slice(0, 200)} ${signedIn ? 'signed in' : 'signed out'} body=${
    typeof body === 'string' ? body.slice(0, 200) : body ? '<bytes>' : '-'
  } type=${headers['content-type'] ?? '-'}`;

  const answer = await sendRaw(`${app.baseUrl}${path}`, { method: endpoint.method, headers, body });
  requestsTried++;
  expectWellFormed(answer, context);
  const status = answer.status;
  const succeeded = endpoint.success.includes(status);

  const idKnown = !endpoint.id || ids[endpoint.id].includes(segment);
  const idMalformed = endpoint.id !== undefined && !wellFormedId(endpoint.id, segment);
  // A generated body over the public 16 KB limit may be refused as too large before anything else.
  const bodyBytes = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const smallJson = !generated.raw && bodyBytes <= 16 * 1024 && path.length < 8 * 1024;
  let schemaAccepts = true;
  if (endpoint.schema && endpoint.query) {
    schemaAccepts = endpoint.schema.safeParse(Object.fromEntries(new URLSearchParams(generated.query))).success;
    // Repeated keys arrive as arrays, which the schema (given the last value above) would not see;
    // keys the schema does not read are dropped, repeated or not.
    const known = new Set(Object.keys((endpoint.schema as { shape?: object }).shape ?? {}));
    const keys = [...new URLSearchParams(generated.query).keys()].filter((key) => known.has(key));
    if (new Set(keys).size !== keys.length) schemaAccepts = false;
    if ([...new URLSearchParams(generated.query)].some((pair) => holdsNul(pair))) schemaAccepts = false;
  } else if (endpoint.schema && endpoint.body) {
    // Text with NUL is refused before the schema (PostgreSQL cannot store it).
    schemaAccepts = endpoint.schema.safeParse(generated.body).success && !holdsNul(generated.body);
  }

  if (endpoint.limited && status === 429) {
    // The limit's refusal, before the input is read: nothing more to judge.
  } else if (endpoint.access === 'account') {
    // No customer is signed in (a staff session is none): "not signed in", or a refusal of the body itself.
    if (smallJson) expect(status, context).toBe(401);
    else expect([400, 401, 413, 415, 431], context).toContain(status);
  } else if (!signedIn && endpoint.access === 'admin') {
    // Signed out: nothing but "not signed in" (or a refusal of the body itself, which reveals nothing).
    if (smallJson) expect(status, context).toBe(401);
    else expect([400, 401, 413, 415, 431], context).toContain(status);
  } else if (!smallJson) {
    expect(succeeded && Boolean(generated.raw) && endpoint.body !== undefined, context).toBe(false);
    // A route that reads no body ignores it: it answers as a valid request would.
    const asValid = [...endpoint.success, ...(endpoint.validMayFail ?? [])];
    expect([400, 401, 404, 413, 415, 431, ...(generated.raw && endpoint.body ? [] : asValid)], context).toContain(
      status,
    );
  } else if (endpoint.access === 'login') {
    // Generated credentials are never the admin's: one generic refusal, never a session.
    expect([400, 401], context).toContain(status);
  } else if (idMalformed) {
    expect([400, 404], context).toContain(status);
  } else if (!schemaAccepts) {
    expect(succeeded, `the schema rejects this input but the API accepted it: ${context}`).toBe(false);
    expect([400, 404, 409], context).toContain(status);
  } else if (idKnown) {
    const allowed = [...endpoint.success, ...(endpoint.validMayFail ?? [])];
    expect(allowed, `valid input refused: ${context} -> ${answer.text.slice(0, 300)}`).toContain(status);
  } else {
    expect([...(endpoint.unknownId ?? [404]), ...(endpoint.validMayFail ?? [])], context).toContain(status);
  }

  if (write && !succeeded && before) {
    rejectedWrites++;
    const after = await checksumTables(app.db);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed, `a rejected write (${status}) changed the database: ${context}`).toEqual([]);
  }
  // A signed-out sign-out ends nothing (no cookie was sent): the suite's session is still good.
  if (succeeded && signedIn && endpoint.path === '/api/admin/logout') cookie = await signInTestApp(app);
  if (succeeded && write) await ensureFixtures();
}

/**
 * The suite, for the shard-th of `shards` files (each runs in a process of its own, on a database of
 * its own): every shard takes every shards-th endpoint, signed in and out; the first also checks the
 * route table and NUL everywhere. Sharded because its ~15,000 generated requests were 60% of the
 * resilience run's time on one core while the other idled.
 */
export function defineBadInputSuite(shard: number, shards: number): void {
  beforeAll(async () => {
    app = await startTestApp();
    cookie = await signInTestApp(app);
    await ensureFixtures();
  });

  afterAll(async () => {
    recordFigure('bad input (fast-check)', 'requestsTried', requestsTried);
    console.log(`[figures] bad input (fast-check): rejected writes checked unchanged ${rejectedWrites}`);
    await app?.close();
  });

  if (shard === 0) {
    // Found by the generated requests: PostgreSQL refuses NUL in text, and the driver error became a 500.
    it('answers text holding a NUL character with a 400, everywhere, and stores nothing', async () => {
      await ensureSignedIn();
      const nul = 'a\u0000b';
      const quote = {
        firstName: nul,
        lastName: 'Nul',
        email: 'nul@example.com',
        phone: '214-555-0100',
        zipcode: '75201',
        bedrooms: '1',
        bathrooms: '1',
        cleaningType: 'Basic',
        frequency: 'Weekly',
      };
      const requests: Array<[Method, string, unknown]> = [
        ['POST', '/api/leads', quote],
        ['POST', '/api/leads', { ...quote, firstName: 'Nul', notes: nul }],
        ['POST', '/api/admin/login', { username: nul, password: 'not-the-password-1' }],
        ['GET', `/api/admin/leads?search=${encodeURIComponent(nul)}`, undefined],
        ['PATCH', `/api/admin/leads/${ids.lead[0]}`, { notes: nul }],
        ['PATCH', `/api/admin/leads/${ids.lead[0]}`, { tags: [nul] }],
        ['POST', '/api/admin/activities', { leadId: ids.lead[0], type: 'note', title: nul }],
        ['POST', '/api/admin/templates', { name: nul, type: 'email', content: 'Hello' }],
        [
          'POST',
          '/api/admin/automations',
          { name: nul, trigger: 'lead_created', actions: '{"type":"update_status","status":"Won"}' },
        ],
        ['POST', '/api/admin/leads/export', { filter: { search: nul }, format: 'csv' }],
      ];
      for (const [method, path, body] of requests) {
        const before = await checksumTables(app.db);
        const answer = await sendRaw(`${app.baseUrl}${path}`, {
          method,
          headers: { cookie, origin: app.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        requestsTried++;
        expectWellFormed(answer, `${method} ${path} with NUL`);
        expect(answer.status, `${method} ${path} with NUL: ${answer.text}`).toBe(400);
        expect(await checksumTables(app.db)).toEqual(before);
      }
    });

    it('generates id segments that reach the server as written (no dot segment resolved away)', () => {
      const reached = (segment: string) => new URL(`http://shine.test/api/admin/leads/${segment}`).pathname;
      for (const text of ['.', '..', '...', 'a.b']) {
        expect(reached(encodeSegment(text))).toBe(`/api/admin/leads/${encodeSegment(text)}`);
      }
      fc.assert(
        fc.property(
          idSegment(() => []),
          (segment) => reached(segment) === `/api/admin/leads/${segment}`,
        ),
        { numRuns: 2_000 },
      );
    });

    it('generates requests for every route of the route table', () => {
      expect(endpoints.map(routeKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    });
  }

  describe.each([
    ['signed in', true],
    ['signed out', false],
  ] as const)('generated requests, %s', (_label, signedIn) => {
    for (const endpoint of endpoints.filter((_, index) => index % shards === shard)) {
      it(`${endpoint.method} ${endpoint.path}`, async () => {
        const runs = signedIn || endpoint.access !== 'admin' ? RUNS : Math.ceil(RUNS / 3);
        await fc.assert(
          fc.asyncProperty(requestArbitrary(endpoint), async (generated) => {
            if (signedIn) await ensureSignedIn();
            await exercise(endpoint, signedIn, generated);
          }),
          { numRuns: runs, endOnFailure: true },
        );
      });
    }
  });
}
