// The CRM's calls about automation rules, what they did (runs, messages, the outbox) and templates.
import { automationRecipeCreateSchema, automationRecipeParamsSchema } from '../automation-recipes.ts';
import { automationPreviewSchema, outboxQuerySchema } from '../automation-rules.ts';
import { automationCreateSchema, automationUpdateSchema } from '../automations.ts';
import { idParamsSchema } from '../leads.ts';
import {
  automationPreviewResultSchema,
  automationRecipeStateSchema,
  automationRunSchema,
  automationSchema,
  outboxMessageSchema,
} from '../responses/automations.ts';
import { templatePreviewResultSchema, templateSchema } from '../responses/templates.ts';
import { templateCreateSchema, templatePreviewSchema, templateUpdateSchema } from '../templates.ts';
import { z } from 'zod';
import { empty, error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const admin = 'admin' as const;

/** GET, POST, PATCH /:id and DELETE /:id of a collection the CRM edits as a whole. */
function editable<I extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(options: {
  path: string;
  tag: string;
  noun: string;
  item: I;
  create: C;
  update: U;
}) {
  const { path, tag, noun, item } = options;
  const common = { tag, access: session };
  // Sales read; only admins change (docs/decisions.md, "Team").
  const write = { ...common, role: admin };
  return {
    list: operation({
      ...common,
      method: 'get',
      path,
      summary: `Every ${noun}`,
      answers: { 200: json(z.array(item), 'The list.') },
    }),
    create: operation({
      ...write,
      method: 'post',
      path,
      summary: `Create a ${noun}`,
      body: options.create,
      answers: { 201: json(item, 'Created.') },
    }),
    update: operation({
      ...write,
      method: 'patch',
      path: `${path}/:id`,
      summary: `Change a ${noun}`,
      params: idParamsSchema,
      body: options.update,
      answers: { 200: json(item, 'Changed.') },
    }),
    remove: operation({
      ...write,
      method: 'delete',
      path: `${path}/:id`,
      summary: `Delete a ${noun}`,
      params: idParamsSchema,
      answers: { 204: empty('Deleted.') },
    }),
  };
}

const rules = editable({
  path: '/api/admin/automations',
  tag: 'Automations',
  noun: 'automation rule',
  item: automationSchema,
  create: automationCreateSchema,
  update: automationUpdateSchema,
});

const templates = editable({
  path: '/api/admin/templates',
  tag: 'Templates',
  noun: 'message template',
  item: templateSchema,
  create: templateCreateSchema,
  update: templateUpdateSchema,
});

export const automationOperations = {
  listAutomations: rules.list,
  createAutomation: rules.create,
  updateAutomation: rules.update,
  deleteAutomation: rules.remove,
  listAutomationRecipes: operation({
    method: 'get',
    path: '/api/admin/automations/recipes',
    tag: 'Automations',
    summary: 'The suggested rules ("recipes"): which are added, and whether their template still exists',
    access: session,
    answers: { 200: json(z.array(automationRecipeStateSchema), 'Every recipe’s state.') },
  }),
  addAutomationRecipe: operation({
    method: 'post',
    path: '/api/admin/automations/recipes/:key',
    tag: 'Automations',
    summary: 'Add a recipe as an inactive rule, once',
    role: admin,
    description:
      'Two clicks, or two staff at once, make one rule. A recipe whose starter template was deleted answers 409 unless `restoreTemplate` is true, which recreates the template first.',
    access: session,
    params: automationRecipeParamsSchema,
    body: automationRecipeCreateSchema,
    answers: {
      200: json(automationSchema, 'Already added: the rule made from this recipe.'),
      201: json(automationSchema, 'Added, inactive.'),
      409: error('The template the recipe sends was deleted (or changed kind), or a concurrent change conflicted.'),
    },
  }),
  previewAutomation: operation({
    method: 'post',
    path: '/api/admin/automations/preview',
    tag: 'Automations',
    summary: 'What a rule (saved or not) would do right now; nothing is sent',
    role: admin,
    access: session,
    body: automationPreviewSchema,
    answers: { 200: json(automationPreviewResultSchema, 'The dry run.') },
  }),
  listAutomationRuns: operation({
    method: 'get',
    path: '/api/admin/automations/:id/runs',
    tag: 'Automations',
    summary: 'A rule’s runs, newest first',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(z.array(automationRunSchema), 'The runs.') },
  }),
  listLeadRuns: operation({
    method: 'get',
    path: '/api/admin/leads/:id/runs',
    tag: 'Automations',
    summary: 'The automation runs for a lead, newest first',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(z.array(automationRunSchema), 'The runs.') },
  }),
  listLeadOutbox: operation({
    method: 'get',
    path: '/api/admin/leads/:id/outbox',
    tag: 'Automations',
    summary: 'The messages automations rendered for a lead, newest first',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(z.array(outboxMessageSchema), 'The messages.') },
  }),
  listOutbox: operation({
    method: 'get',
    path: '/api/admin/outbox',
    tag: 'Automations',
    summary: 'Automated messages not sent, held, failed or being retried (or sent, or all)',
    access: session,
    query: outboxQuerySchema,
    answers: { 200: json(z.array(outboxMessageSchema), 'The messages.') },
  }),
  previewTemplate: operation({
    method: 'post',
    path: '/api/admin/templates/preview',
    tag: 'Templates',
    summary: 'An e-mail template (saved or not) as the example lead would get it: its HTML and text; nothing is sent',
    role: admin,
    access: session,
    body: templatePreviewSchema,
    answers: { 200: json(templatePreviewResultSchema, 'The rendered message.') },
  }),
  listTemplates: templates.list,
  createTemplate: templates.create,
  updateTemplate: templates.update,
  deleteTemplate: templates.remove,
} satisfies Record<string, Operation>;
