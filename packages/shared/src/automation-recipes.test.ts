import { describe, expect, it } from 'vitest';
import { AUTOMATION_RECIPES, buildRecipeAutomation, findRecipe } from './automation-recipes.ts';
import { STARTER_TEMPLATES } from './starter-templates.ts';
import { templateCreateSchema } from './templates.ts';

const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111';

describe('starter templates', () => {
  it.each(Object.values(STARTER_TEMPLATES))('$key is a valid template with known placeholders', (starter) => {
    const parsed = templateCreateSchema.safeParse(starter);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('the welcome SMS fits two SMS segments with the default company details', () => {
    // 153 characters per segment of a long GSM-7 message; the placeholders are filled in later.
    expect(STARTER_TEMPLATES['welcome-sms'].content.length).toBeLessThanOrEqual(2 * 153);
  });
});

describe('automation recipes', () => {
  it.each(AUTOMATION_RECIPES)('$key builds an inactive rule', (recipe) => {
    const rule = buildRecipeAutomation(recipe, TEMPLATE_ID);
    expect(rule).toMatchObject({ name: recipe.name, trigger: recipe.trigger, isActive: false });
    expect(JSON.parse(rule.conditions)).toEqual(recipe.conditions);
  });

  it('every template a recipe sends is a starter of the kind it sends', () => {
    for (const { action } of AUTOMATION_RECIPES) {
      if ('template' in action) {
        expect(STARTER_TEMPLATES[action.template].type).toBe(action.type === 'send_sms' ? 'sms' : 'email');
      }
    }
  });

  it('a message recipe without its template id is refused, never built into a broken rule', () => {
    expect(() => buildRecipeAutomation(findRecipe('welcome-email'), undefined)).toThrow();
  });
});
