// Answers of the Team section, the set-up link and the audit view.
import { z } from 'zod';
import { AUDIT_ENTITIES, USER_ROLES } from '../enums.ts';
import { countSchema, idSchema, instantSchema, pageOf } from './common.ts';

/** A person on the team, as admins see them in the Team section. */
export const teamUserSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  /** The sign-in e-mail address. */
  email: z.string(),
  role: z.enum(USER_ROLES),
  phone: z.string().nullable(),
  disabled: z.boolean(),
  away: z.boolean(),
  awayUntil: instantSchema.nullable(),
  maxOpenLeads: z.number().int().nullable(),
  /** Open (not Won or Lost) leads assigned to them. */
  openLeads: countSchema,
  /** False until they choose a password through their set-up link. */
  hasPassword: z.boolean(),
  /** When their newest unused set-up link stops working; null when none is pending. */
  setupExpiresAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type TeamUser = z.output<typeof teamUserSchema>;

export const teamUserListSchema = z.strictObject({ items: z.array(teamUserSchema) });
export type TeamUserList = z.output<typeof teamUserListSchema>;

/** POST /api/admin/users → 201, and POST /api/admin/users/{id}/reset (setupUrl only). */
export const setupLinkSchema = z.strictObject({ setupUrl: z.string(), expiresAt: instantSchema });
export type SetupLink = z.output<typeof setupLinkSchema>;
/** POST /api/setup-password/check: the link can set a password until `expiresAt`. */
export const setupLinkStatusSchema = z.strictObject({ usable: z.literal(true), expiresAt: instantSchema });
export type SetupLinkStatus = z.output<typeof setupLinkStatusSchema>;
export const userCreatedSchema = z.strictObject({
  user: teamUserSchema,
  setupUrl: z.string(),
  expiresAt: instantSchema,
  /** Whether the link was also e-mailed (SMTP configured and the send accepted). */
  emailed: z.boolean(),
});
export type UserCreated = z.output<typeof userCreatedSchema>;

/** Who a lead is assigned to, or who did something: enough to show a name and initials. */
export const personSchema = z.strictObject({ id: idSchema, name: z.string() });
export type Person = z.output<typeof personSchema>;

/** GET /api/admin/audit: one change. A null actor is the automation engine or the command line. */
export const auditEntrySchema = z.strictObject({
  id: z.string(),
  at: instantSchema,
  actor: personSchema.nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  leadId: idSchema.nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * What the row is about, in words: the lead's or the person's name, the rule's or the template's
   * name, the settings' title, an export's filter ("Status: New · Assigned to: Sam Rivera", "all
   * leads") or how many leads were chosen. Null when it cannot be named (a lead since removed).
   */
  subject: z.string().nullable(),
  /** The people that `before`, `after` or the filter name by id, id → name (the ids stay as they are). */
  names: z.record(z.string(), z.string()),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.output<typeof auditPageSchema>;
/** GET /api/admin/leads/{id}/history: the lead's audit rows, newest first. */
export const auditEntryListSchema = z.strictObject({ items: z.array(auditEntrySchema) });
export type AuditEntryList = z.output<typeof auditEntryListSchema>;

/** GET /api/admin/assignees: an active team member, for assignment pickers and the person filter. */
export const assigneeSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  role: z.enum(USER_ROLES),
  away: z.boolean(),
  awayUntil: instantSchema.nullable(),
});
export type Assignee = z.output<typeof assigneeSchema>;
export const assigneeListSchema = z.strictObject({ items: z.array(assigneeSchema) });
export type AssigneeList = z.output<typeof assigneeListSchema>;
