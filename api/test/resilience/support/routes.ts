// The API's route table, as the authorisation matrix and the bad-input suite walk it.
// `route-table.resilience.ts` checks it against the routes the app really registers, both ways, so
// a new route cannot escape the matrix unnoticed.
import { DEFAULT_LOST_REASONS } from '@shine/shared/lost-reasons';
import { DEFAULT_COMPANY_DETAILS_SETTINGS } from '@shine/shared/company-settings';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';

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
/** public: anyone; login/me: open to all by design; admin: a signed-in session only. */
export type Access = 'public' | 'login' | 'me' | 'admin';
/**
 * The role a signed-in session needs (docs/decisions.md, "Team"): `sales` is any staff member, `admin`
 * admins only. Sales read automations, runs, the outbox and templates but change none; users and the
 * audit trail are admins' alone. `assignee`: admins and the lead's assignee (a sales user holding
 * nobody's lead is refused with 403).
 */
export type Role = 'sales' | 'admin' | 'assignee';

export interface Route {
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

export const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  { method: 'GET', path: '/api/docs', access: 'public' },
  {
    method: 'POST',
    path: '/api/leads',
    access: 'public',
    validBody: () => ({
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
  },
  // Unsigned, as the matrix sends it, the provider's webhooks answer 403 whoever calls.
  { method: 'POST', path: '/api/webhooks/sms', access: 'public' },
  { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public' },
  { method: 'POST', path: '/api/webhooks/voice', access: 'public' },
  { method: 'POST', path: '/api/webhooks/voice/status', access: 'public' },
  { method: 'POST', path: '/api/admin/login', access: 'login' },
  { method: 'GET', path: '/api/admin/me', access: 'me' },
  { method: 'POST', path: '/api/admin/logout', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/me/password',
    access: 'admin',
    role: 'sales',
    validBody: () => ({ currentPassword: 'whatever-it-is-now', newPassword: 'a-new-long-password-123' }),
  },
  { method: 'GET', path: '/api/admin/leads', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/leads',
    access: 'admin',
    role: 'sales',
    validBody: () => ({
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
  },
  {
    method: 'POST',
    path: '/api/admin/leads/export',
    access: 'admin',
    role: 'sales',
    validBody: () => ({ format: 'csv' }),
  },
  {
    method: 'POST',
    path: '/api/admin/leads/assign',
    access: 'admin',
    role: 'sales',
    validBody: (existing) => ({ ids: [existing.lead], assignedTo: null }),
  },
  { method: 'GET', path: '/api/admin/leads/:id', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/leads/:id/history', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ priority: 'High' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id/status',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ status: 'Contacted' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/leads/:id/service-address',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ address: { line1: '12 Elm Street', city: 'Plano', zip: '75024' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/calls',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ outcome: 'no_answer', note: 'Matrix call' }),
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/requests/:requestId/apply',
    access: 'admin',
    role: 'sales',
    id: 'lead',
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/requests/:requestId/dismiss',
    access: 'admin',
    role: 'sales',
    id: 'lead',
  },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/requests/:requestId/split',
    access: 'admin',
    role: 'sales',
    id: 'lead',
  },
  { method: 'GET', path: '/api/admin/held-submissions', access: 'admin', role: 'sales' },
  { method: 'POST', path: '/api/admin/held-submissions/:id/release', access: 'admin', role: 'sales', id: 'held' },
  {
    method: 'POST',
    path: '/api/admin/held-submissions/:id/client-address',
    access: 'admin',
    role: 'admin',
    id: 'held',
  },
  { method: 'DELETE', path: '/api/admin/held-submissions/:id', access: 'admin', role: 'sales', id: 'held' },
  { method: 'GET', path: '/api/admin/stats', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/metrics', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/intake', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/reports/analytics', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/events', access: 'admin', role: 'sales', stream: true },
  { method: 'GET', path: '/api/admin/me/alerts', access: 'admin', role: 'sales' },
  {
    method: 'PATCH',
    path: '/api/admin/me/alerts',
    access: 'admin',
    role: 'sales',
    validBody: () => ({ sound: false }),
  },
  { method: 'GET', path: '/api/admin/activities/lead/:id', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/activities/summary', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/activities', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/activities',
    access: 'admin',
    role: 'sales',
    validBody: (existing) => ({ leadId: existing.lead, type: 'call', title: 'Matrix call', status: 'completed' }),
  },
  { method: 'GET', path: '/api/admin/automations', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/automations',
    access: 'admin',
    role: 'admin',
    validBody: () => ({
      name: 'Matrix rule',
      trigger: 'lead_created',
      conditions: '{}',
      actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
      isActive: false,
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/automations/:id',
    access: 'admin',
    role: 'admin',
    id: 'automation',
    validBody: () => ({ isActive: true }),
  },
  { method: 'DELETE', path: '/api/admin/automations/:id', access: 'admin', role: 'admin', id: 'automation' },
  { method: 'GET', path: '/api/admin/automations/:id/runs', access: 'admin', role: 'sales', id: 'automation' },
  {
    method: 'POST',
    path: '/api/admin/automations/preview',
    access: 'admin',
    role: 'admin',
    validBody: () => ({
      name: 'Matrix preview',
      trigger: 'no_activity',
      conditions: '{"days":3}',
      actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
    }),
  },
  { method: 'GET', path: '/api/admin/automations/recipes', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/automations/recipes/:key',
    access: 'admin',
    role: 'admin',
    validBody: () => ({}),
  },
  { method: 'GET', path: '/api/admin/leads/:id/runs', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/leads/:id/outbox', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/leads/:id/messages', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/messages',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ channel: 'email', subject: 'Your cleaning', body: 'Tuesday at 10 works.' }),
  },
  { method: 'POST', path: '/api/admin/leads/:id/messages/read', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/inbox', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/my-day', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/counts', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/calls', access: 'admin', role: 'sales' },
  { method: 'POST', path: '/api/admin/calls/:id/called-back', access: 'admin', role: 'sales', id: 'call' },
  { method: 'GET', path: '/api/admin/notifications', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/notifications/read',
    access: 'admin',
    role: 'sales',
    validBody: () => ({ all: true }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/activities/:id',
    access: 'admin',
    role: 'sales',
    id: 'activity',
    validBody: () => ({ status: 'completed' }),
  },
  { method: 'GET', path: '/api/admin/unmatched-emails', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/unmatched-emails/:id/attach',
    access: 'admin',
    role: 'sales',
    id: 'unmatched',
    validBody: (existing) => ({ leadId: existing.lead }),
  },
  { method: 'POST', path: '/api/admin/unmatched-emails/:id/dismiss', access: 'admin', role: 'sales', id: 'unmatched' },
  { method: 'GET', path: '/api/admin/outbox', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/templates', access: 'admin', role: 'sales' },
  {
    method: 'POST',
    path: '/api/admin/templates/preview',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ subject: 'Hi {{firstName}}', content: 'Hello {{firstName}}' }),
  },
  {
    method: 'POST',
    path: '/api/admin/templates',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ name: 'Matrix', type: 'email', subject: 'Hi', content: 'Hello {{firstName}}' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/templates/:id',
    access: 'admin',
    role: 'admin',
    id: 'template',
    validBody: () => ({ name: 'Matrix renamed' }),
  },
  { method: 'DELETE', path: '/api/admin/templates/:id', access: 'admin', role: 'admin', id: 'template' },
  {
    method: 'POST',
    path: '/api/setup-password',
    access: 'public',
    validBody: () => ({ token: 'an-unknown-set-up-link-token-000000000000', password: 'a-new-long-password-123' }),
  },
  {
    method: 'POST',
    path: '/api/setup-password/check',
    access: 'public',
    validBody: () => ({ token: 'an-unknown-set-up-link-token-000000000000' }),
  },
  { method: 'PATCH', path: '/api/admin/me', access: 'admin', role: 'sales', validBody: () => ({ away: false }) },
  { method: 'GET', path: '/api/admin/assignees', access: 'admin', role: 'sales' },
  { method: 'GET', path: '/api/admin/settings/lead-alerts', access: 'admin', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/settings/lead-alerts',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS }),
  },
  { method: 'GET', path: '/api/admin/lost-reasons', access: 'admin', role: 'sales' },
  {
    method: 'PUT',
    path: '/api/admin/lost-reasons',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ reasons: [...DEFAULT_LOST_REASONS] }),
  },
  { method: 'GET', path: '/api/admin/settings/calls', access: 'admin', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/settings/calls',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ ringSeconds: 20, textTemplate: 'Sorry we missed you: {quote link}' }),
  },
  { method: 'GET', path: '/api/admin/settings/company', access: 'admin', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/settings/company',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ ...DEFAULT_COMPANY_DETAILS_SETTINGS }),
  },
  { method: 'GET', path: '/api/admin/users', access: 'admin', role: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ name: 'Matrix Person', email: `matrix-${crypto.randomUUID()}@example.com`, role: 'sales' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: 'admin',
    role: 'admin',
    id: 'user',
    validBody: () => ({ name: 'Matrix renamed' }),
  },
  { method: 'POST', path: '/api/admin/users/:id/reset', access: 'admin', role: 'admin', id: 'user' },
  { method: 'GET', path: '/api/admin/audit', access: 'admin', role: 'admin' },
  // Quotes are sales work (any signed-in role); the customer answers by the link's token (public).
  { method: 'GET', path: '/api/admin/leads/:id/quotes', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/quotes',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({}),
  },
  {
    method: 'PATCH',
    path: '/api/admin/quotes/:id',
    access: 'admin',
    role: 'sales',
    id: 'quote',
    validBody: () => ({ message: 'See you soon' }),
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/:id/send',
    access: 'admin',
    role: 'sales',
    id: 'quote',
    validBody: () => ({ email: false }),
  },
  { method: 'POST', path: '/api/admin/quotes/:id/withdraw', access: 'admin', role: 'assignee', id: 'quote' },
  { method: 'GET', path: '/api/admin/quotes/:id/pdf', access: 'admin', role: 'sales', id: 'quote' },
  {
    method: 'POST',
    path: '/api/quotes/:token/accept',
    access: 'public',
    validBody: () => ({ name: 'Matrix Visitor' }),
  },
  { method: 'POST', path: '/api/quotes/:token/decline', access: 'public', validBody: () => ({}) },
  // Scheduling: the customer books by the link; every role works the Schedule and reads the settings.
  { method: 'GET', path: '/api/quotes/:token/slots', access: 'public' },
  { method: 'POST', path: '/api/quotes/:token/booking', access: 'public', validBody: bookingStart },
  { method: 'PATCH', path: '/api/quotes/:token/booking', access: 'public', validBody: bookingStart },
  { method: 'DELETE', path: '/api/quotes/:token/booking', access: 'public' },
  {
    method: 'PATCH',
    path: '/api/quotes/:token/visits/:id',
    access: 'public',
    validBody: () => ({ status: 'skipped' }),
  },
  { method: 'GET', path: '/api/admin/visits', access: 'admin', role: 'sales' },
  // A lead's id names no visit: the session decides, then the 404.
  {
    method: 'PATCH',
    path: '/api/admin/visits/:id',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ status: 'completed' }),
  },
  { method: 'GET', path: '/api/admin/leads/:id/booking', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/leads/:id/slots', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/leads/:id/booking',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: bookingStart,
  },
  { method: 'DELETE', path: '/api/admin/leads/:id/booking', access: 'admin', role: 'sales', id: 'lead' },
  // A lead's id names no booking: the session decides, then the 404.
  { method: 'DELETE', path: '/api/admin/bookings/:id', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/settings/scheduling', access: 'admin', role: 'sales' },
  {
    method: 'PUT',
    path: '/api/admin/settings/scheduling',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ ...DEFAULT_SCHEDULING_SETTINGS }),
  },
  { method: 'GET', path: '/api/admin/invoices', access: 'admin', role: 'sales' },
  // A lead's id names no invoice or payment: the session decides, then the 404.
  { method: 'GET', path: '/api/admin/invoices/:id', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/invoices/:id/payments',
    access: 'admin',
    role: 'sales',
    id: 'lead',
    validBody: () => ({ method: 'cash', amount: '25.00' }),
  },
  { method: 'POST', path: '/api/admin/payments/:id/return', access: 'admin', role: 'sales', id: 'lead' },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    access: 'admin',
    role: 'admin',
    id: 'lead',
    validBody: () => ({ reason: 'Crew missed the oven' }),
  },
  { method: 'GET', path: '/api/admin/leads/:id/card', access: 'admin', role: 'sales', id: 'lead' },
  // No card is on file: the session decides, then the 404.
  { method: 'DELETE', path: '/api/admin/leads/:id/card', access: 'admin', role: 'sales', id: 'lead' },
  { method: 'GET', path: '/api/admin/settings/payments', access: 'admin', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/settings/payments',
    access: 'admin',
    role: 'admin',
    validBody: () => ({ taxRatePercent: '8.25', cancellationFee: null, retryDays: [1, 3, 5], tipsEnabled: false }),
  },
];

/** "METHOD /path/:id" with every path parameter named :id, as the route table test reads the app's. */
export const routeKey = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path.replaceAll(/:\w+/g, ':id')}`;

export function isWrite(method: Method): boolean {
  return method !== 'GET';
}

export function fillPath(route: Route, existing: Record<IdKind, string>): string {
  // A recipe with no template to miss, so only the session decides the answer.
  const path = route.path.replace(':requestId', existing.request).replace(':key', 'call-within-15-minutes');
  return route.id ? path.replace(':id', existing[route.id]) : path;
}
