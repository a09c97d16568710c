import { z } from 'zod';
import { VALIDATION } from './messages.ts';

/** The public contact form (docs/requirements.md#contact). Client only: nothing is sent. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, VALIDATION.contactName).max(200),
  email: z.string().trim().email(VALIDATION.contactEmail),
  phone: z.string().trim().max(40).optional(),
  subject: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, VALIDATION.contactMessage).max(5000),
});
export type ContactMessage = z.output<typeof contactMessageSchema>;
