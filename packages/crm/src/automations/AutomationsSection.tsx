import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { TRIGGER_LABELS } from '@shine/shared/enums';
import { MESSAGES } from '@shine/shared/messages';
import type { Automation } from '@shine/shared/types';
import { Badge, Button, Card, Empty, Popconfirm, Switch, Tabs, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useState } from 'react';
import { useAssignees } from '../team/index.ts';
import { useTemplates } from '../templates/index.ts';
import { useIsAdmin } from '../session/current-user.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ReadOnlyNote } from '../ui/ReadOnlyNote.tsx';
import { AutomationFormDialog } from './AutomationFormDialog.tsx';
import { AutomationRunsDrawer } from './AutomationRunsDrawer.tsx';
import { OutboxView } from './OutboxView.tsx';
import { RecipesPanel } from './RecipesPanel.tsx';
import { useAutomations, useDeleteAutomation, useUpdateAutomation } from './automations.hooks.ts';
import { describeAction, describeConditions } from './describe-automation.ts';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; automation: Automation };

function AutomationItem({
  automation,
  canChange,
  onEdit,
  onShowRuns,
}: {
  automation: Automation;
  /** Admins only: sales see the rule and its runs, without the controls that change it. */
  canChange: boolean;
  onEdit: () => void;
  onShowRuns: () => void;
}) {
  const templates = useTemplates();
  const assignees = useAssignees();
  const update = useUpdateAutomation();
  const remove = useDeleteAutomation();
  const titleId = `automation-${automation.id}`;
  return (
    <li>
      <Card size="small" className="automation-card" aria-labelledby={titleId}>
        <div className="automation-head">
          <Typography.Title level={3} id={titleId} className="item-title">
            {automation.name}
          </Typography.Title>
          <Badge
            status={automation.isActive ? 'success' : 'default'}
            text={automation.isActive ? 'Active' : 'Inactive'}
          />
        </div>
        {automation.description ? (
          <Typography.Paragraph className="muted item-description">{automation.description}</Typography.Paragraph>
        ) : null}
        <dl className="automation-facts">
          <dt>Trigger</dt>
          <dd>{TRIGGER_LABELS[automation.trigger] ?? automation.trigger}</dd>
          <dt>When</dt>
          <dd>{describeConditions(automation)}</dd>
          <dt>Then</dt>
          <dd>{describeAction(automation, templates.data, assignees.data?.items)}</dd>
        </dl>
        <div className="item-actions">
          {canChange ? (
            <span className="switch-label">
              <Switch
                size="small"
                checked={automation.isActive}
                loading={update.isPending}
                onChange={(checked) => update.mutate({ id: automation.id, changes: { isActive: checked } })}
                aria-label={`Active: ${automation.name}`}
              />
              <span aria-hidden="true">Active</span>
            </span>
          ) : null}
          {canChange ? (
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={onEdit} aria-label={`Edit ${automation.name}`}>
              Edit
            </Button>
          ) : null}
          <Button
            icon={<HistoryOutlined aria-hidden="true" />}
            onClick={onShowRuns}
            aria-label={`Runs of ${automation.name}`}
          >
            Runs
          </Button>
          {canChange ? (
            <Popconfirm
              title="Delete this automation?"
              description={`"${automation.name}" will be removed permanently.`}
              okText="Delete"
              okButtonProps={{ danger: true, loading: remove.isPending }}
              cancelText="Cancel"
              onConfirm={() => remove.mutateAsync(automation.id).catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete ${automation.name}`}>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/** Automation rules (list with edit, delete-with-confirm, active toggle, run history) and the outbox. */
export function AutomationsSection() {
  return (
    <Tabs
      items={[
        { key: 'rules', label: 'Rules', children: <AutomationRules /> },
        { key: 'outbox', label: 'Outbox', children: <OutboxView /> },
      ]}
    />
  );
}

function AutomationRules() {
  const automations = useAutomations();
  const canChange = useIsAdmin();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [showingRuns, setShowingRuns] = useState<Automation | undefined>();

  return (
    <div className="section-stack">
      <div className="section-toolbar">
        <Typography.Text className="muted">
          <ThunderboltOutlined aria-hidden="true" /> Rules that run when leads arrive or change.
        </Typography.Text>
        {canChange ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'new' })}>
            New Automation
          </Button>
        ) : null}
      </div>
      {canChange ? <RecipesPanel /> : <ReadOnlyNote what="automations" />}
      {automations.isPending ? <LoadingSkeleton rows={6} /> : null}
      {automations.isError ? (
        <QueryErrorAlert error={automations.error} onRetry={() => void automations.refetch()} />
      ) : null}
      {automations.data && automations.data.length === 0 ? (
        <Card>
          <Empty description={MESSAGES.empty.automations} />
        </Card>
      ) : null}
      {automations.data && automations.data.length > 0 ? (
        <ul className="item-list" aria-label="Automation rules">
          {automations.data.map((automation) => (
            <AutomationItem
              key={automation.id}
              automation={automation}
              canChange={canChange}
              onEdit={() => setEditing({ mode: 'edit', automation })}
              onShowRuns={() => setShowingRuns(automation)}
            />
          ))}
        </ul>
      ) : null}
      <AutomationFormDialog
        key={editing.mode === 'edit' ? editing.automation.id : editing.mode}
        open={editing.mode !== 'closed'}
        automation={editing.mode === 'edit' ? editing.automation : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <AutomationRunsDrawer automation={showingRuns} onClose={() => setShowingRuns(undefined)} />
    </div>
  );
}
