import { z } from 'zod';
import { TEMPLATE_TYPES } from './enums.ts';
import { VALIDATION } from './messages.ts';
import { TEMPLATE_PLACEHOLDERS, findUnknownPlaceholders } from './template-render.ts';

const variablesSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(z.string().max(100), { error: 'Variables must be a list of names' }).max(50),
);

const templateFields = {
  name: z
    .string({ error: VALIDATION.name })
    .trim()
    .min(1, VALIDATION.name)
    .max(200, 'Name must be at most 200 characters'),
  type: z.enum(TEMPLATE_TYPES, { error: `Type must be one of: ${TEMPLATE_TYPES.join(', ')}` }),
  subject: z.string().trim().max(300, 'Subject must be at most 300 characters').nullish(),
  content: z
    .string({ error: VALIDATION.content })
    .trim()
    .min(1, VALIDATION.content)
    .max(10_000, 'Content must be at most 10000 characters'),
  variables: variablesSchema.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

function checkPlaceholders(value: { subject?: string | null; content?: string }, ctx: z.RefinementCtx) {
  const unknown = findUnknownPlaceholders(value.subject, value.content);
  if (unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['content'],
      message: `Unknown placeholder ${unknown.map((name) => `{{${name}}}`).join(', ')}. Available: ${TEMPLATE_PLACEHOLDERS.join(', ')}`,
    });
  }
}

export const templateCreateSchema = z
  .object({ ...templateFields, isActive: templateFields.isActive.default(true) })
  .superRefine(checkPlaceholders);
export type TemplateCreate = z.output<typeof templateCreateSchema>;
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

export const templateUpdateSchema = z
  .object(templateFields)
  .partial()
  .superRefine(checkPlaceholders)
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type TemplateUpdate = z.output<typeof templateUpdateSchema>;

/**
 * POST /api/admin/templates/preview: an e-mail template as it is being edited (saved or not), to see
 * it as a customer would get it. The same rules as saving it.
 */
export const templatePreviewSchema = z
  .object({ name: templateFields.name.optional(), subject: templateFields.subject, content: templateFields.content })
  .superRefine(checkPlaceholders);
export type TemplatePreviewInput = z.input<typeof templatePreviewSchema>;
