// Which API feature owns each table (docs/architecture.md, "Who owns which table"): only the owner's
// files name the table in a statement; another feature calls the owner's service, or composes a
// subquery or fragment the owner hands out. `db` is the plumbing in api/src/db. Every table a migration
// creates is named here once; `pnpm lint:imports` (scripts/lint-layers.ts) refuses a table named
// outside its owner and a table nobody owns. Migrations, tests and the command-line tools (seeds,
// diagnostics) may name any table.
export const TABLE_OWNERS = {
  leads: 'leads',
  lead_requests: 'leads',
  held_submissions: 'leads',
  intake_rejections: 'leads',
  same_phone_links: 'leads',
  activities: 'activities',
  lead_events: 'lead-events',
  reaction_deliveries: 'reactions',
  automations: 'automations',
  automation_runs: 'automations',
  automation_messages: 'automations',
  lead_alerts: 'speed-to-lead',
  bookings: 'scheduling',
  visits: 'scheduling',
  lead_reply_tokens: 'mailbox',
  lead_sent_emails: 'mailbox',
  unmatched_emails: 'mailbox',
  templates: 'templates',
  users: 'auth',
  user_setup_tokens: 'auth',
  assignment_rotation: 'auth',
  audit_log: 'audit',
  quotes: 'quotes',
  quote_events: 'quotes',
  conversation_messages: 'conversations',
  conversation_reads: 'conversations',
  notifications: 'notifications',
  calls: 'calls',
  invoices: 'payments',
  invoice_lines: 'payments',
  payments: 'payments',
  stripe_events: 'payments',
  invoice_late_charges: 'payments',
  tips: 'payments',
  account_sign_in_links: 'account',
  account_sessions: 'account',
  stripe_customers: 'payments',
  card_setups: 'payments',
  saved_cards: 'payments',
  card_charges: 'payments',
  payment_refunds: 'payments',
  sessions: 'db',
  rate_limits: 'db',
  login_attempts: 'db',
  app_secrets: 'db',
  data_versions: 'db',
  company_settings: 'db',
} as const satisfies Record<string, string>;

/**
 * Files that name a table of another feature, each with why; the check refuses any other, and an entry
 * that no longer names the table. The leads export joins each lead's next visit and newest quote in
 * its one streamed statement (a lateral join per row): scheduling and quotes import leads, so leads
 * cannot import a fragment of theirs (no cycles between folders) and the statement names them itself.
 */
export const NAMED_OUTSIDE_OWNER: Readonly<Record<string, readonly string[]>> = {
  'api/src/leads/leads-export-stream.ts': ['visits', 'quotes'],
};
