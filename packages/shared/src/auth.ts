import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { VALIDATION } from './messages.ts';

/** Login (docs/requirements.md#validation): the Email field is sent as `username`; both values are trimmed. */
export const loginSchema = z.object({
  username: z.string({ error: VALIDATION.username }).trim().min(1, VALIDATION.username).max(254, VALIDATION.username),
  password: z.string({ error: VALIDATION.password }).trim().min(1, VALIDATION.password).max(256, VALIDATION.password),
});
export type LoginRequest = z.output<typeof loginSchema>;

/**
 * A new password (CRM password change, `admin:create`, `admin:password`, ADMIN_PASSWORD). Sign-in trims
 * what is typed (docs/requirements.md#validation), so a password starting or ending with a space could be set but never
 * used: it is refused rather than silently changed.
 */
export const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters')
  .refine(hasNoEdgeSpace, VALIDATION.passwordEdgeSpace);

/** True when trimming would not change the text (String.prototype.trim: the same rule as zod's trim). */
export function hasNoEdgeSpace(value: string): boolean {
  return value === value.trim();
}

export const passwordChangeSchema = z.object({
  // Trimmed like the sign-in's password, so the current password is checked the way it is used.
  currentPassword: z
    .string({ error: 'Current password is required' })
    .trim()
    .min(1, 'Current password is required')
    .max(256),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.output<typeof passwordChangeSchema>;
