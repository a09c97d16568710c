// Answers of /api/admin/templates.
import { z } from 'zod';
import { TEMPLATE_TYPES } from '../enums.ts';
import { idSchema, instantSchema } from './common.ts';

export const templateSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  subject: z.string().nullable(),
  content: z.string(),
  /** The placeholders the content names ({{firstName}} → firstName). */
  variables: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: instantSchema,
});
export type Template = z.output<typeof templateSchema>;
