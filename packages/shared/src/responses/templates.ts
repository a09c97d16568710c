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

/** The preview of an e-mail template: the message as the example lead would get it, both its parts. */
export const templatePreviewResultSchema = z.strictObject({
  subject: z.string(),
  /** A whole HTML document, to show in a sandboxed frame. */
  html: z.string(),
  text: z.string(),
});
export type TemplatePreviewResult = z.output<typeof templatePreviewResultSchema>;
