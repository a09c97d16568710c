// The API's route table as issue 9 tests it. `route-table.resilience.ts` checks it against the routes
// the app really registers, both ways, so a new route cannot escape the matrix unnoticed.

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** `request` is a quote request of the `lead` (a path holds both). */
export type IdKind = 'lead' | 'automation' | 'template' | 'held' | 'request';
/** public: anyone; login/me: open to all by design; admin: a signed-in session only. */
export type Access = 'public' | 'login' | 'me' | 'admin';

export interface Route {
  method: Method;
  path: string;
  access: Access;
  id?: IdKind;
  /** A body the API accepts, given existing ids; the matrix sends it so only the session decides. */
  validBody?: (existing: Record<IdKind, string>) => unknown;
  /** A stream that never ends by itself (Server-Sent Events): read its start, not to the end. */
  stream?: true;
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
  { method: 'POST', path: '/api/admin/login', access: 'login' },
  { method: 'GET', path: '/api/admin/me', access: 'me' },
  { method: 'POST', path: '/api/admin/logout', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/me/password',
    access: 'admin',
    validBody: () => ({ currentPassword: 'whatever-it-is-now', newPassword: 'a-new-long-password-123' }),
  },
  { method: 'GET', path: '/api/admin/leads', access: 'admin' },
  { method: 'POST', path: '/api/admin/leads/export', access: 'admin', validBody: () => ({ format: 'csv' }) },
  { method: 'GET', path: '/api/admin/leads/:id', access: 'admin', id: 'lead' },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id',
    access: 'admin',
    id: 'lead',
    validBody: () => ({ priority: 'High' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id/status',
    access: 'admin',
    id: 'lead',
    validBody: () => ({ status: 'Contacted' }),
  },
  { method: 'POST', path: '/api/admin/leads/:id/requests/:requestId/apply', access: 'admin', id: 'lead' },
  { method: 'POST', path: '/api/admin/leads/:id/requests/:requestId/dismiss', access: 'admin', id: 'lead' },
  { method: 'GET', path: '/api/admin/held-submissions', access: 'admin' },
  { method: 'POST', path: '/api/admin/held-submissions/:id/release', access: 'admin', id: 'held' },
  { method: 'DELETE', path: '/api/admin/held-submissions/:id', access: 'admin', id: 'held' },
  { method: 'GET', path: '/api/admin/stats', access: 'admin' },
  { method: 'GET', path: '/api/admin/metrics', access: 'admin' },
  { method: 'GET', path: '/api/admin/intake', access: 'admin' },
  { method: 'GET', path: '/api/admin/events', access: 'admin', stream: true },
  { method: 'GET', path: '/api/admin/me/alerts', access: 'admin' },
  { method: 'PATCH', path: '/api/admin/me/alerts', access: 'admin', validBody: () => ({ sound: false }) },
  { method: 'GET', path: '/api/admin/activities/lead/:id', access: 'admin', id: 'lead' },
  { method: 'GET', path: '/api/admin/activities/summary', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/activities',
    access: 'admin',
    validBody: (existing) => ({ leadId: existing.lead, type: 'call', title: 'Matrix call', status: 'completed' }),
  },
  { method: 'GET', path: '/api/admin/automations', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/automations',
    access: 'admin',
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
    id: 'automation',
    validBody: () => ({ isActive: true }),
  },
  { method: 'DELETE', path: '/api/admin/automations/:id', access: 'admin', id: 'automation' },
  { method: 'GET', path: '/api/admin/automations/:id/runs', access: 'admin', id: 'automation' },
  {
    method: 'POST',
    path: '/api/admin/automations/preview',
    access: 'admin',
    validBody: () => ({
      name: 'Matrix preview',
      trigger: 'no_activity',
      conditions: '{"days":3}',
      actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
    }),
  },
  { method: 'GET', path: '/api/admin/automations/recipes', access: 'admin' },
  { method: 'POST', path: '/api/admin/automations/recipes/:key', access: 'admin', validBody: () => ({}) },
  { method: 'GET', path: '/api/admin/leads/:id/runs', access: 'admin', id: 'lead' },
  { method: 'GET', path: '/api/admin/leads/:id/messages', access: 'admin', id: 'lead' },
  { method: 'GET', path: '/api/admin/outbox', access: 'admin' },
  { method: 'GET', path: '/api/admin/templates', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/templates',
    access: 'admin',
    validBody: () => ({ name: 'Matrix', type: 'email', subject: 'Hi', content: 'Hello {{firstName}}' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/templates/:id',
    access: 'admin',
    id: 'template',
    validBody: () => ({ name: 'Matrix renamed' }),
  },
  { method: 'DELETE', path: '/api/admin/templates/:id', access: 'admin', id: 'template' },
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
