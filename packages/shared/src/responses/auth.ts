// Answers of the sign-in calls (/api/admin/login, /me).
import { z } from 'zod';
import { USER_ROLES } from '../enums.ts';
import { idSchema } from './common.ts';

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
});
export type SessionInfo = z.output<typeof sessionInfoSchema>;
