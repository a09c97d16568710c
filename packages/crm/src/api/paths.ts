/** API paths of docs/requirements.md#api-calls; query keys start with one of these. */
export const API = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  session: '/api/admin/me',
  /** PATCH: the signed-in person's own name, phone for alerts and away. */
  profile: '/api/admin/me',
  password: '/api/admin/me/password',
  leads: '/api/admin/leads',
  leadsExport: '/api/admin/leads/export',
  held: '/api/admin/held-submissions',
  stats: '/api/admin/stats',
  metrics: '/api/admin/metrics',
  intake: '/api/admin/intake',
  analytics: '/api/admin/reports/analytics',
  activities: '/api/admin/activities',
  automations: '/api/admin/automations',
  templates: '/api/admin/templates',
  /** POST: an e-mail template being edited, rendered as the customer gets it (HTML and text). */
  templatePreview: '/api/admin/templates/preview',
  automationPreview: '/api/admin/automations/preview',
  outbox: '/api/admin/outbox',
  leadsAssign: '/api/admin/leads/assign',
  /** Leads with replies the signed-in person has not read; a lead's thread is leads/{id}/messages. */
  inbox: '/api/admin/inbox',
  /** E-mail the mailbox held: no reply address of a lead, no answer to an e-mail we sent. */
  unmatchedEmails: '/api/admin/unmatched-emails',
  /** PATCH a draft; /send, /pdf. A lead's versions are under leads/{id}/quotes. */
  quotes: '/api/admin/quotes',
  users: '/api/admin/users',
  assignees: '/api/admin/assignees',
  audit: '/api/admin/audit',
  /** Public: the page a set-up link opens posts the new password here. */
  setupPassword: '/api/setup-password',
  setupPasswordCheck: '/api/setup-password/check',
  events: '/api/admin/events',
  alertSettings: '/api/admin/me/alerts',
  /** Admins: the company's speed-to-lead alerts (on duty, escalation). */
  leadAlertSettings: '/api/admin/settings/lead-alerts',
  /** The signed-in person's working day (?scope=me|all). */
  myDay: '/api/admin/my-day',
  /** The signed-in person's notifications; POST …/read marks some or all read. */
  notifications: '/api/admin/notifications',
  notificationsRead: '/api/admin/notifications/read',
  /** Everyone reads the reasons offered when a lead is lost; admins change them. */
  lostReasons: '/api/admin/lost-reasons',
  /** Admins: the company's name and postal address at the foot of automated e-mail. */
  companySettings: '/api/admin/settings/company',
  /** Crews, working days, arrival windows and lead times (GET: everyone; PUT: admins). */
  schedulingSettings: '/api/admin/settings/scheduling',
  /** GET ?from=&to=: the Schedule's visits; PATCH visits/{id} moves or closes one. A lead's booking is leads/{id}/booking. */
  visits: '/api/admin/visits',
} as const;
