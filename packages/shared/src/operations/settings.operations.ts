// The company's settings (admins): speed-to-lead alerts, the company's details for automated e-mail.
import { companyDetailsSchema, companyDetailsViewSchema } from '../company-settings.ts';
import { speedToLeadSettingsSchema, speedToLeadSettingsViewSchema } from '../speed-to-lead.ts';
import { lostReasonsSchema } from '../lost-reasons.ts';
import { json, operation, type Operation } from './operation.ts';

const leadAlertsDescription =
  'Who is on duty each weekday (Sunday first), alerted of each new lead by SMS and/or e-mail; after ' +
  '`escalateAfterMinutes` business minutes with no answer (still New, nothing logged by a person) the ' +
  'escalation contact is alerted and the lead tagged Escalated. `warnings` say what would keep an alert ' +
  'from going out (no phone number, nobody on duty, no transport configured).';

export const settingsOperations = {
  getSpeedToLeadSettings: operation({
    method: 'get',
    path: '/api/admin/settings/lead-alerts',
    tag: 'Settings',
    summary: 'Speed-to-lead alerts: the person on duty, then the escalation',
    description: leadAlertsDescription,
    access: 'session',
    role: 'admin',
    answers: { 200: json(speedToLeadSettingsViewSchema, 'The settings (defaults, switched off, until saved).') },
  }),
  saveSpeedToLeadSettings: operation({
    method: 'put',
    path: '/api/admin/settings/lead-alerts',
    tag: 'Settings',
    summary: 'Save the speed-to-lead alert settings',
    description: `${leadAlertsDescription} Everyone named must be an active member of the team (400 naming the field otherwise). Switching alerts on starts from now: leads already waiting are not alerted.`,
    access: 'session',
    role: 'admin',
    body: speedToLeadSettingsSchema,
    answers: { 200: json(speedToLeadSettingsViewSchema, 'The settings now.') },
  }),
  getCompanySettings: operation({
    method: 'get',
    path: '/api/admin/settings/company',
    tag: 'Settings',
    summary:
      'The company’s name and postal address, printed at the foot of every automated e-mail, and its review page',
    access: 'session',
    role: 'admin',
    answers: { 200: json(companyDetailsViewSchema, 'The details (the site’s defaults until saved).') },
  }),
  saveCompanySettings: operation({
    method: 'put',
    path: '/api/admin/settings/company',
    tag: 'Settings',
    summary: 'Save the company’s name, postal address and review page',
    description:
      'US law asks a commercial e-mail for the sender’s postal address; a P.O. box will do. `reviewUrl` is an https link (null or empty removes it; left out, the saved one stays).',
    access: 'session',
    role: 'admin',
    body: companyDetailsSchema,
    answers: { 200: json(companyDetailsViewSchema, 'The details now.') },
  }),
  getLostReasons: operation({
    method: 'get',
    path: '/api/admin/lost-reasons',
    tag: 'Settings',
    summary: 'The reasons offered when a lead moves to Lost ("Other", with a note, always follows them)',
    access: 'session',
    answers: { 200: json(lostReasonsSchema, 'The reasons, in order (the defaults until an admin saves a list).') },
  }),
  saveLostReasons: operation({
    method: 'put',
    path: '/api/admin/lost-reasons',
    tag: 'Settings',
    summary: 'Save the list of lost reasons',
    description: 'Leads already lost keep the reason they were given, whatever the list says now.',
    access: 'session',
    role: 'admin',
    body: lostReasonsSchema,
    answers: { 200: json(lostReasonsSchema, 'The reasons now.') },
  }),
} satisfies Record<string, Operation>;
