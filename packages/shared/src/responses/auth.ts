// Answers of the sign-in calls (/api/admin/login, /me).
import { z } from 'zod';
import { USER_ROLES } from '../enums.ts';
import { idSchema } from './common.ts';

/** Who is signed in: the role decides what the CRM offers (the server checks it on every call). */
export const sessionUserSchema = z.strictObject({
  id: idSchema,
  username: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/** Whether this request's session is signed in, and as whom. */
export const sessionInfoSchema = z.strictObject({
  isAuthenticated: z.boolean(),
  user: sessionUserSchema.optional(),
  /** When signed in: the business time zone (BUSINESS_TIMEZONE) every time in the CRM is shown in. */
  timeZone: z.string().optional(),
});
export type SessionInfo = z.output<typeof sessionInfoSchema>;
