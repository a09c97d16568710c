// Requests of the Team section, the set-up link and the audit view (docs/decisions.md, "Roles").
import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';
import { dateTimeSchema } from './date-range.ts';
import { AUDIT_ENTITIES, USER_ROLES } from './enums.ts';

const uuid = z.uuid({ error: 'Must be a valid id' });

export const userRoleSchema = z.enum(USER_ROLES, { error: `Role must be one of: ${USER_ROLES.join(', ')}` });

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
/** A phone for alerts: digits with the usual separators, 10 to 15 digits. */
const alertPhoneSchema = z
  .string()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .refine((value) => /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 10, {
    message: 'Phone must have at least 10 digits',
  });
const optionalPhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  alertPhoneSchema.nullable(),
);

/** POST /api/admin/users: the e-mail address is the person's sign-in name. */
export const userCreateSchema = z.object({
  name: nameSchema,
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  role: userRoleSchema,
  phone: optionalPhoneSchema.optional(),
});
export type UserCreate = z.output<typeof userCreateSchema>;

const userFieldsSchema = z.object({
  name: nameSchema,
  role: userRoleSchema,
  phone: optionalPhoneSchema,
  disabled: z.boolean({ error: 'Disabled must be true or false' }),
  away: z.boolean({ error: 'Away must be true or false' }),
  awayUntil: dateTimeSchema('Away until').nullable(),
  maxOpenLeads: z
    .number({ error: 'Open lead cap must be a number' })
    .int('Open lead cap must be a whole number')
    .min(1, 'Open lead cap must be at least 1')
    .max(10_000, 'Open lead cap must be at most 10000')
    .nullable(),
});
const somethingToUpdate = (value: object) => Object.keys(value).length > 0;

/** PATCH /api/admin/users/{id} (an admin). */
export const userUpdateSchema = userFieldsSchema.partial().refine(somethingToUpdate, { message: 'Nothing to update' });
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** PATCH /api/admin/me (anyone): their own name, phone and availability. */
export const ownSettingsSchema = userFieldsSchema
  .pick({ name: true, phone: true, away: true, awayUntil: true })
  .partial()
  .refine(somethingToUpdate, { message: 'Nothing to update' });
export type OwnSettings = z.output<typeof ownSettingsSchema>;

/** POST /api/setup-password (public, rate limited, one use). */
export const setupPasswordSchema = z.object({
  token: z
    .string({ error: 'The set-up link is incomplete' })
    .trim()
    .min(20, 'The set-up link is incomplete')
    .max(200, 'The set-up link is not valid'),
  password: newPasswordSchema,
});
export type SetupPassword = z.output<typeof setupPasswordSchema>;

/**
 * POST /api/setup-password/check (public, rate limited): whether a set-up link can still set a
 * password, asked when its page opens; it uses nothing up. The token travels in the body, never in
 * a URL a log would keep.
 */
export const setupLinkCheckSchema = setupPasswordSchema.pick({ token: true });
export type SetupLinkCheck = z.output<typeof setupLinkCheckSchema>;

/** GET /api/admin/audit (admins only): newest first, paged. */
export const auditQuerySchema = z.object({
  leadId: uuid.optional(),
  userId: uuid.optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: `Entity must be one of: ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size must be at most 100')
    .default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** How long a set-up link works. */
export const SETUP_LINK_HOURS = 72;
