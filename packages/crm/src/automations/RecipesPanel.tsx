import { CheckCircleOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { AUTOMATION_RECIPES, type AutomationRecipe, recipeTemplateKey } from '@shine/shared/automation-recipes';
import { ACTION_LABELS, TRIGGER_LABELS } from '@shine/shared/enums';
import { formatCount } from '@shine/shared/format';
import type { AutomationRecipeState } from '@shine/shared/responses/automations';
import { STARTER_TEMPLATES } from '@shine/shared/starter-templates';
import type { Automation } from '@shine/shared/types';
import { Button, Card, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useAutomations } from './automations.hooks.ts';
import { useAddAutomationRecipe, useAutomationRecipes } from './recipes.hooks.ts';

/** "No activity for 2 days", "Lead created", "Visit completed (the first only)". */
export function describeRecipeTrigger(recipe: AutomationRecipe): string {
  if (recipe.conditions.firstVisit) return `${TRIGGER_LABELS[recipe.trigger]} (the first only)`;
  const days = recipe.conditions.days;
  return days === undefined
    ? TRIGGER_LABELS[recipe.trigger]
    : `${TRIGGER_LABELS[recipe.trigger]} for ${formatCount(days, 'day')}`;
}

/** "Send email: Welcome e-mail", "Create task: Call within 15 minutes (due now)". */
export function describeRecipeAction(recipe: AutomationRecipe): string {
  const { action } = recipe;
  if ('template' in action) return `${ACTION_LABELS[action.type]}: ${STARTER_TEMPLATES[action.template].name}`;
  if (action.type === 'create_task') {
    return `${ACTION_LABELS.create_task}: ${action.title} (due ${action.dueInHours === 0 ? 'now' : `in ${action.dueInHours} h`})`;
  }
  return `${ACTION_LABELS.update_status} to ${action.status}`;
}

function RecipeItem({
  recipe,
  state,
  rule,
}: {
  recipe: AutomationRecipe;
  state: AutomationRecipeState | undefined;
  rule: Automation | undefined;
}) {
  const add = useAddAutomationRecipe();
  const titleId = `recipe-${recipe.key}`;
  const templateKey = recipeTemplateKey(recipe);
  const added = Boolean(state?.automationId);
  const templateMissing = !added && state?.templateMissing === true;
  const pending = add.isPending && add.variables?.key === recipe.key;
  return (
    <li className="recipe">
      <div className="recipe-text">
        <Typography.Title level={3} id={titleId} className="item-title">
          {recipe.name}
        </Typography.Title>
        <Typography.Paragraph className="muted item-description">{recipe.description}</Typography.Paragraph>
        <p className="recipe-rule">
          <span>When: {describeRecipeTrigger(recipe)}</span> <span>Then: {describeRecipeAction(recipe)}</span>
        </p>
        {templateMissing && templateKey ? (
          <p className="recipe-warning">
            <WarningOutlined aria-hidden="true" /> Its template “{STARTER_TEMPLATES[templateKey].name}” was deleted.
          </p>
        ) : null}
      </div>
      {added ? (
        <p className="recipe-added">
          <CheckCircleOutlined aria-hidden="true" /> Added
          {rule ? ` · ${rule.isActive ? 'Active' : 'Inactive: turn it on with its switch below'}` : ''}
        </p>
      ) : (
        <Button
          className="touch-target"
          icon={<PlusOutlined aria-hidden="true" />}
          loading={pending}
          disabled={!state}
          aria-label={templateMissing ? `Recreate template and add ${recipe.name}` : `Add ${recipe.name}`}
          onClick={() => add.mutate({ key: recipe.key, restoreTemplate: templateMissing })}
        >
          {templateMissing ? 'Recreate template and add' : 'Add'}
        </Button>
      )}
    </li>
  );
}

/**
 * The suggested rules (packages/shared/src/automation-recipes.ts), one click each. A rule is added
 * inactive; the server recognises a recipe already added by its key, so it shows as added here.
 */
export function RecipesPanel() {
  const recipes = useAutomationRecipes();
  const automations = useAutomations();
  return (
    <Card size="small" className="recipes-card" aria-labelledby="recipes-title">
      <Typography.Title level={2} id="recipes-title" className="recipes-title">
        Suggested automations
      </Typography.Title>
      <Typography.Paragraph className="muted">
        One click adds a recipe as an inactive rule; turn it on when you are ready.
      </Typography.Paragraph>
      {recipes.isPending ? <LoadingSkeleton rows={3} /> : null}
      {recipes.isError ? <QueryErrorAlert error={recipes.error} onRetry={() => void recipes.refetch()} /> : null}
      {recipes.data ? (
        <ul className="recipe-list" aria-label="Suggested automations">
          {AUTOMATION_RECIPES.map((recipe) => {
            const state = recipes.data.find((candidate) => candidate.key === recipe.key);
            const rule = automations.data?.find((candidate) => candidate.id === state?.automationId);
            return <RecipeItem key={recipe.key} recipe={recipe} state={state} rule={rule} />;
          })}
        </ul>
      ) : null}
    </Card>
  );
}
