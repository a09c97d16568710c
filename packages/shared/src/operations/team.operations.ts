// The team (staff accounts, set-up links, own settings, assignees) and the audit trail.
import {
  assigneeListSchema,
  auditPageSchema,
  setupLinkSchema,
  setupLinkStatusSchema,
  teamUserListSchema,
  teamUserSchema,
  userCreatedSchema,
} from '../responses/team.ts';
import { idParamsSchema } from '../leads.ts';
import {
  auditQuerySchema,
  ownSettingsSchema,
  setupLinkCheckSchema,
  setupPasswordSchema,
  userCreateSchema,
  userUpdateSchema,
} from '../team.ts';
import { empty, error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const admin = 'admin' as const;

export const teamOperations = {
  listUsers: operation({
    method: 'get',
    path: '/api/admin/users',
    tag: 'Team',
    summary: 'The team: every staff member, disabled ones included',
    access: session,
    role: admin,
    answers: { 200: json(teamUserListSchema, 'The team, oldest first.') },
  }),
  createUser: operation({
    method: 'post',
    path: '/api/admin/users',
    tag: 'Team',
    summary: 'Add a staff member; answers their one-time set-up link',
    description:
      'The e-mail address is their sign-in name. They have no password until they open the set-up link (72 hours, one use) and choose one. The link is also e-mailed when SMTP is configured (`emailed`).',
    access: session,
    role: admin,
    body: userCreateSchema,
    answers: {
      201: json(userCreatedSchema, 'Added.'),
      409: error('Someone already signs in with this e-mail address, or a concurrent change conflicted.'),
    },
  }),
  updateUser: operation({
    method: 'patch',
    path: '/api/admin/users/:id',
    tag: 'Team',
    summary: 'Change a staff member: name, role, phone, availability, open-lead cap; disable or re-enable',
    description:
      'Disabling signs them out at once (sessions deleted, device cookies revoked). A role change holds from their next request. An admin cannot disable or demote themself, and the last active admin cannot be disabled or demoted (400).',
    access: session,
    role: admin,
    params: idParamsSchema,
    body: userUpdateSchema,
    answers: { 200: json(teamUserSchema, 'Changed.') },
  }),
  resetUserSetupLink: operation({
    method: 'post',
    path: '/api/admin/users/:id/reset',
    tag: 'Team',
    summary: 'A new set-up link (a password reset); older unused links stop working',
    access: session,
    role: admin,
    params: idParamsSchema,
    answers: { 200: json(setupLinkSchema, 'The new link.') },
  }),
  checkSetupLink: operation({
    method: 'post',
    path: '/api/setup-password/check',
    tag: 'Team',
    summary: 'Whether a set-up link can still set a password (public; uses nothing up)',
    description:
      'The page a set-up link opens asks at once. An unknown, used, replaced or expired link, or one of a disabled staff member, is refused with 400 and the message a submission would get.',
    access: 'public',
    body: setupLinkCheckSchema,
    rateLimit: 'refused set-up links per client address (15-minute window), shared with choosing the password.',
    answers: { 200: json(setupLinkStatusSchema, 'The link can set a password until `expiresAt`.') },
  }),
  setPasswordWithLink: operation({
    method: 'post',
    path: '/api/setup-password',
    tag: 'Team',
    summary: 'Choose a password with a set-up link (public, one use)',
    description:
      'An unknown, used, replaced or expired link, or one of a disabled staff member, is refused with 400 and a message saying which. Other sessions of the person end.',
    access: 'public',
    body: setupPasswordSchema,
    rateLimit: 'refused set-up links per client address (15-minute window).',
    answers: { 204: empty('The password is set; sign in with the e-mail address.') },
  }),
  updateOwnSettings: operation({
    method: 'patch',
    path: '/api/admin/me',
    tag: 'Session',
    summary: 'Change your own name, phone and availability (away, away until)',
    access: session,
    body: ownSettingsSchema,
    answers: { 200: json(teamUserSchema, 'Changed.') },
  }),
  listAssignees: operation({
    method: 'get',
    path: '/api/admin/assignees',
    tag: 'Team',
    summary: 'The active staff members a lead can be assigned to',
    access: session,
    answers: { 200: json(assigneeListSchema, 'Active staff, by name.') },
  }),
  listAudit: operation({
    method: 'get',
    path: '/api/admin/audit',
    tag: 'Audit',
    summary: 'The audit trail: who changed what, when, before and after; newest first',
    description:
      'A null actor is the automation engine or the command line. Each row names its subject in words (`subject`: the lead, person, rule or template by its name, the settings by their title, an export by its filter, e.g. "Status: New · Assigned to: Sam Rivera" or "all leads"), and the people its `before` and `after` name by id (`names`, id → name; the ids stay as they were). Rows cannot be changed or deleted: there is no such call, and the database refuses it.',
    access: session,
    role: admin,
    query: auditQuerySchema,
    answers: { 200: json(auditPageSchema, 'One page.') },
  }),
} satisfies Record<string, Operation>;
