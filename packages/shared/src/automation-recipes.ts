// Suggested rules the CRM offers as one-click "recipes" (docs/requirements.md#starter-content). One
// click creates the rule inactive; staff turn it on with the rule's switch. A rule made from a
// recipe keeps the recipe's key, so the recipe is not offered twice.
import { z } from 'zod';
import {
  type AutomationAction,
  type AutomationConditions,
  type AutomationCreate,
  automationCreateSchema,
} from './automations.ts';
import type { AutomationTrigger } from './enums.ts';
import type { StarterTemplateKey } from './starter-templates.ts';

export const AUTOMATION_RECIPE_KEYS = [
  'welcome-email',
  'call-within-15-minutes',
  'chase-after-2-days',
  'booking-confirmation',
  'day-before-reminder',
  'day-before-reminder-email',
  'ask-for-review',
] as const;
export type AutomationRecipeKey = (typeof AUTOMATION_RECIPE_KEYS)[number];

/** A recipe's action: a message names its starter template by key (its id differs per install). */
export type RecipeAction =
  | { type: 'send_email' | 'send_sms'; template: StarterTemplateKey }
  | Extract<AutomationAction, { type: 'create_task' | 'update_status' }>;

export interface AutomationRecipe {
  key: AutomationRecipeKey;
  name: string;
  /** Why a sales team wants it, shown on the recipe and kept as the rule's description. */
  description: string;
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  action: RecipeAction;
}

export const AUTOMATION_RECIPES: readonly AutomationRecipe[] = [
  {
    key: 'welcome-email',
    name: 'Welcome e-mail on a new quote',
    description:
      'Thanks every new quote request by e-mail within a minute, with the booking link and the first-cleaning code.',
    trigger: 'lead_created',
    conditions: {},
    action: { type: 'send_email', template: 'welcome-email' },
  },
  {
    key: 'call-within-15-minutes',
    name: 'Call within 15 minutes',
    description: 'Puts a call task, due now, on every new quote: leads called first are the ones that book.',
    trigger: 'lead_created',
    conditions: {},
    action: { type: 'create_task', title: 'Call within 15 minutes', dueInHours: 0 },
  },
  {
    // A task, not an e-mail: every activity (an automated e-mail too) starts a new silence, so an
    // e-mail chase would write to a quiet lead every two days until it is closed. A person calls.
    key: 'chase-after-2-days',
    name: 'Chase after 2 days without activity',
    description:
      'When an open lead has had no activity for 2 days, adds a task to call or text them before the quote goes cold.',
    trigger: 'no_activity',
    conditions: { days: 2 },
    action: { type: 'create_task', title: 'Chase: no activity for 2 days', dueInHours: 2 },
  },
  {
    // A text, not an e-mail: the booking already e-mails its confirmation with the calendar file.
    key: 'booking-confirmation',
    name: 'Booking confirmation',
    description:
      'Texts the customer the arrival window as soon as a cleaning is booked (the confirmation e-mail with its calendar file goes anyway). Only to customers who agreed to texts.',
    trigger: 'visit_booked',
    conditions: {},
    action: { type: 'send_sms', template: 'booking-confirmation-sms' },
  },
  {
    key: 'day-before-reminder',
    name: 'Day-before reminder',
    description:
      'Texts the customer 24 hours before every visit with its arrival window: fewer locked doors and no-shows. Only to customers who agreed to texts and have not replied STOP.',
    trigger: 'visit_upcoming',
    conditions: {},
    action: { type: 'send_sms', template: 'visit-reminder-sms' },
  },
  {
    key: 'day-before-reminder-email',
    name: 'Day-before reminder by e-mail',
    description:
      'E-mails the same reminder 24 hours before every visit, for customers who did not agree to texts (unsubscribed customers get none).',
    trigger: 'visit_upcoming',
    conditions: { textsAllowed: false },
    action: { type: 'send_email', template: 'visit-reminder-email' },
  },
  {
    key: 'ask-for-review',
    name: 'Ask for a review',
    description:
      'After the first completed visit, e-mails the customer a link to your review page: once per customer, never after every visit of a series. Set the review page in Settings → Company details.',
    trigger: 'visit_completed',
    conditions: { firstVisit: true },
    action: { type: 'send_email', template: 'review-request-email' },
  },
];

export function findRecipe(key: AutomationRecipeKey): AutomationRecipe {
  const recipe = AUTOMATION_RECIPES.find((candidate) => candidate.key === key);
  if (!recipe) throw new Error(`unknown recipe ${key}`);
  return recipe;
}

/** The starter template a recipe's message uses, if it sends one. */
export function recipeTemplateKey(recipe: AutomationRecipe): StarterTemplateKey | undefined {
  return 'template' in recipe.action ? recipe.action.template : undefined;
}

/** The rule a recipe creates: inactive until staff switch it on. */
export function buildRecipeAutomation(recipe: AutomationRecipe, templateId: string | undefined): AutomationCreate {
  const { action } = recipe;
  const actions = 'template' in action ? { type: action.type, templateId } : action;
  return automationCreateSchema.parse({
    name: recipe.name,
    description: recipe.description,
    trigger: recipe.trigger,
    conditions: JSON.stringify(recipe.conditions),
    actions: JSON.stringify(actions),
    isActive: false,
  });
}

export const automationRecipeParamsSchema = z.object({
  key: z.enum(AUTOMATION_RECIPE_KEYS, { error: `Recipe must be one of: ${AUTOMATION_RECIPE_KEYS.join(', ')}` }),
});

/** POST …/recipes/{key}: `restoreTemplate` recreates a deleted starter template the recipe needs. */
export const automationRecipeCreateSchema = z.strictObject({
  restoreTemplate: z.boolean({ error: 'restoreTemplate must be true or false' }).optional(),
});
export type AutomationRecipeCreate = z.output<typeof automationRecipeCreateSchema>;
