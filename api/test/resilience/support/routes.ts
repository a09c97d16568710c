// The API's route table, as the authorisation matrix and the bad-input suite walk it: every call of
// the call table (packages/shared/src/operations), its access and role as the entry declares them,
// plus what only a test knows: a body each write accepts, keyed by the call's name.
// `route-table.resilience.ts` checks the table against the routes the app really registers, both
// ways, so a route served outside the call table cannot escape the matrix unnoticed.
import { DEFAULT_COMPANY_DETAILS_SETTINGS } from '@shine/shared/company-settings';
import { DEFAULT_LOST_REASONS } from '@shine/shared/lost-reasons';
import { NAMED_OPERATIONS, type OperationName } from '@shine/shared/operations';
import type { Operation } from '@shine/shared/operations/operation';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * `request` is a quote request of the `lead` (a path holds both); `user` a team member (not the
 * signed-in one); `quote` a draft quote of another lead.
 */
export type IdKind =
  | 'lead'
  | 'automation'
  | 'template'
  | 'held'
  | 'request'
  | 'user'
  | 'quote'
  | 'unmatched'
  | 'activity'
  | 'call';
/** public: anyone; open: anyone, a session read if present (login, me); admin: a signed-in session only. */
export type Access = 'public' | 'open' | 'admin';
/**
 * The role a signed-in session needs (docs/decisions.md, "Team"): `sales` is any staff member, `admin`
 * admins only (the entry's `role`). `assignee`: admins and the lead's assignee (a sales user holding
 * nobody's lead is refused with 403), decided by the service, so the entry cannot say it.
 */
export type Role = 'sales' | 'admin' | 'assignee';

export interface Route {
  /** The call's name in its feature's table. */
  name: OperationName;
  method: Method;
  path: string;
  access: Access;
  /** Every `admin` route names the role it needs (role-matrix.test.ts checks it). */
  role?: Role;
  id?: IdKind;
  /** A body the API accepts, given existing ids; the matrix sends it so only the session decides. */
  validBody?: (existing: Record<IdKind, string>) => unknown;
  /** A stream that never ends by itself (Server-Sent Events): read its start, not to the end. */
  stream?: true;
}

/** A start a week ahead at 10:00 UTC (well formed; whether it is a free window is the API's to say). */
function bookingStart(): { start: string } {
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(16, 0, 0, 0);
  return { start: start.toISOString() };
}

/** A body each write accepts (the rest send none, or are refused before one would count). */
const VALID_BODIES: Partial<Record<OperationName, NonNullable<Route['validBody']>>> = {
  receiveQuoteRequest: () => ({
    firstName: 'Matrix',
    lastName: 'Visitor',
    email: 'matrix@example.com',
    phone: '214-555-0100',
    zipcode: '75201',
    bedrooms: '2',
    bathrooms: '1',
    cleaningType: 'Basic',
    frequency: 'Weekly',
  }),
  changePassword: () => ({ currentPassword: 'whatever-it-is-now', newPassword: 'a-new-long-password-123' }),
  createLead: () => ({
    firstName: 'Matrix',
    lastName: 'Caller',
    email: `matrix-caller-${crypto.randomUUID()}@example.com`,
    phone: '214-555-0142',
    zipcode: '75201',
    bedrooms: '2',
    bathrooms: '1',
    cleaningType: 'Basic',
    frequency: 'Weekly',
  }),
  exportLeads: () => ({ format: 'csv' }),
  assignLeads: (existing) => ({ ids: [existing.lead], assignedTo: null }),
  updateLead: () => ({ priority: 'High' }),
  changeLeadStatus: () => ({ status: 'Contacted' }),
  setServiceAddress: () => ({ address: { line1: '12 Elm Street', city: 'Plano', zip: '75024' } }),
  logCall: () => ({ outcome: 'no_answer', note: 'Matrix call' }),
  updateAlertSettings: () => ({ sound: false }),
  createActivity: (existing) => ({ leadId: existing.lead, type: 'call', title: 'Matrix call', status: 'completed' }),
  createAutomation: () => ({
    name: 'Matrix rule',
    trigger: 'lead_created',
    conditions: '{}',
    actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
    isActive: false,
  }),
  updateAutomation: () => ({ isActive: true }),
  previewAutomation: () => ({
    name: 'Matrix preview',
    trigger: 'no_activity',
    conditions: '{"days":3}',
    actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
  }),
  addAutomationRecipe: () => ({}),
  sendLeadMessage: () => ({ channel: 'email', subject: 'Your cleaning', body: 'Tuesday at 10 works.' }),
  markNotificationsRead: () => ({ all: true }),
  updateActivity: () => ({ status: 'completed' }),
  attachUnmatchedEmail: (existing) => ({ leadId: existing.lead }),
  previewTemplate: () => ({ subject: 'Hi {{firstName}}', content: 'Hello {{firstName}}' }),
  createTemplate: () => ({ name: 'Matrix', type: 'email', subject: 'Hi', content: 'Hello {{firstName}}' }),
  updateTemplate: () => ({ name: 'Matrix renamed' }),
  setPasswordWithLink: () => ({
    token: 'an-unknown-set-up-link-token-000000000000',
    password: 'a-new-long-password-123',
  }),
  checkSetupLink: () => ({ token: 'an-unknown-set-up-link-token-000000000000' }),
  updateOwnSettings: () => ({ away: false }),
  saveSpeedToLeadSettings: () => ({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS }),
  saveLostReasons: () => ({ reasons: [...DEFAULT_LOST_REASONS] }),
  saveCallSettings: () => ({ ringSeconds: 20, textTemplate: 'Sorry we missed you: {quote link}' }),
  saveCompanySettings: () => ({ ...DEFAULT_COMPANY_DETAILS_SETTINGS }),
  createUser: () => ({ name: 'Matrix Person', email: `matrix-${crypto.randomUUID()}@example.com`, role: 'sales' }),
  updateUser: () => ({ name: 'Matrix renamed' }),
  createQuote: () => ({}),
  updateQuote: () => ({ message: 'See you soon' }),
  sendQuote: () => ({ email: false }),
  acceptQuote: () => ({ name: 'Matrix Visitor' }),
  declineQuote: () => ({}),
  bookQuote: bookingStart,
  rescheduleQuoteBooking: bookingStart,
  skipQuoteVisit: () => ({ status: 'skipped' }),
  updateVisit: () => ({ status: 'completed' }),
  bookLead: bookingStart,
  saveSchedulingSettings: () => ({ ...DEFAULT_SCHEDULING_SETTINGS }),
  recordInvoicePayment: () => ({ method: 'cash', amount: '25.00' }),
  recordVisitTip: () => ({ method: 'cash', amount: '10.00' }),
  requestAccountLink: () => ({ email: 'matrix@example.com' }),
  changeAccountVisit: () => ({ status: 'skipped' }),
  setAccountPreferences: () => ({ sms: false, email: true }),
  sendAccountMessage: () => ({ text: 'Hello' }),
  requestAnotherCleaning: () => ({ cleaningType: 'Basic', frequency: 'Weekly', bedrooms: '2', bathrooms: '1' }),
  refundPayment: () => ({ reason: 'Crew missed the oven' }),
  savePaymentSettings: () => ({
    taxRatePercent: '8.25',
    cancellationFee: null,
    retryDays: [1, 3, 5],
    tipsEnabled: false,
  }),
};

/** Calls only the lead's assignee (or an admin) may make: the service decides, after the session. */
const ASSIGNEE_ONLY: readonly OperationName[] = ['withdrawQuote'];

/**
 * The existing row a staff path's `:id` names, by the segment before it. A visit, booking, invoice or
 * payment path is given a lead's id: it names none of them, so the session decides, then the 404.
 */
const ID_OF_SEGMENT: Record<string, IdKind> = {
  leads: 'lead',
  lead: 'lead',
  automations: 'automation',
  templates: 'template',
  'held-submissions': 'held',
  users: 'user',
  quotes: 'quote',
  'unmatched-emails': 'unmatched',
  activities: 'activity',
  calls: 'call',
  visits: 'lead',
  bookings: 'lead',
  invoices: 'lead',
  payments: 'lead',
};

function idOf(operation: Operation): IdKind | undefined {
  if (operation.access !== 'session') return undefined;
  const segments = operation.path.split('/');
  // A recipe's key and a customer's token are no rows of the matrix (fillPath fills them).
  const at = segments.findIndex((segment) => segment.startsWith(':') && segment !== ':key');
  if (at < 0) return undefined;
  const kind = ID_OF_SEGMENT[segments[at - 1] ?? ''];
  if (!kind) throw new Error(`${operation.path}: say which row its ${segments[at]} names (ID_OF_SEGMENT)`);
  return kind;
}

function routeOf(name: OperationName, operation: Operation): Route {
  const access: Access = operation.access === 'session' ? 'admin' : operation.access === 'open' ? 'open' : 'public';
  const role: Role | undefined =
    access !== 'admin' ? undefined : ASSIGNEE_ONLY.includes(name) ? 'assignee' : (operation.role ?? 'sales');
  const id = idOf(operation);
  const validBody = VALID_BODIES[name];
  const streams = Object.values(operation.answers)
    .flat()
    .some((answer) => answer?.kind === 'text' && answer.mediaType === 'text/event-stream');
  return {
    name,
    method: operation.method.toUpperCase() as Method,
    path: operation.path,
    access,
    ...(role ? { role } : {}),
    ...(id ? { id } : {}),
    ...(validBody ? { validBody } : {}),
    ...(streams ? { stream: true as const } : {}),
  };
}

export const ROUTES: Route[] = NAMED_OPERATIONS.map(([name, operation]) => routeOf(name, operation));

/** "METHOD /path/:id" with every path parameter named :id, as the route table test reads the app's. */
export const routeKey = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path.replaceAll(/:\w+/g, ':id')}`;

export function isWrite(method: Method): boolean {
  return method !== 'GET';
}

export function fillPath(route: Route, existing: Record<IdKind, string>): string {
  // A recipe with no template to miss, so only the session decides the answer.
  const path = route.path.replace(':requestId', existing.request).replace(':key', 'call-within-15-minutes');
  // The first parameter left is the row `id` names (`:id`, or `:leadId` where a path says whose).
  return route.id ? path.replace(/:\w+/, existing[route.id]) : path;
}
