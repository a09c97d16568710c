import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { VALIDATION } from './messages.ts';

/** Login (SPEC.md §5): the Email field is sent as `username`; both values are trimmed. */
export const loginSchema = z.object({
  username: z.string({ error: VALIDATION.username }).trim().min(1, VALIDATION.username).max(254, VALIDATION.username),
  password: z.string({ error: VALIDATION.password }).trim().min(1, VALIDATION.password).max(256, VALIDATION.password),
});
export type LoginRequest = z.output<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.output<typeof passwordChangeSchema>;
