import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@shine/shared/messages';
import type { Template } from '@shine/shared/types';
import { Badge, Button, Card, Empty, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIsAdmin } from '../session/current-user.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ReadOnlyNote } from '../ui/ReadOnlyNote.tsx';
import { TEMPLATE_TYPE_COLORS, TEMPLATE_TYPE_LABELS } from './template-labels.ts';
import { TemplateFormDialog } from './TemplateFormDialog.tsx';
import { useDeleteTemplate, useTemplates } from './templates.hooks.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; template: Template };

function TemplateCard({ template, canChange, onEdit }: { template: Template; canChange: boolean; onEdit: () => void }) {
  const remove = useDeleteTemplate();
  const titleId = `template-${template.id}`;
  return (
    <li>
      <Card
        size="small"
        className="template-card"
        aria-labelledby={titleId}
        title={
          <span id={titleId} className="template-title">
            {template.name}
          </span>
        }
        extra={<ToneTag color={TEMPLATE_TYPE_COLORS[template.type]}>{TEMPLATE_TYPE_LABELS[template.type]}</ToneTag>}
        actions={
          canChange
            ? [
                <Button
                  key="edit"
                  type="text"
                  icon={<EditOutlined aria-hidden="true" />}
                  onClick={onEdit}
                  aria-label={`Edit ${template.name}`}
                >
                  Edit
                </Button>,
                <Popconfirm
                  key="delete"
                  title="Delete this template?"
                  description={`"${template.name}" will be removed permanently.`}
                  okText="Delete"
                  okButtonProps={{ danger: true, loading: remove.isPending }}
                  cancelText="Cancel"
                  onConfirm={() => remove.mutateAsync(template.id).catch(() => undefined)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={`Delete ${template.name}`}
                  >
                    Delete
                  </Button>
                </Popconfirm>,
              ]
            : undefined
        }
      >
        <Badge status={template.isActive ? 'success' : 'default'} text={template.isActive ? 'Active' : 'Inactive'} />
        {template.type === 'email' && template.subject ? (
          <p className="template-subject">
            <span className="muted">Subject:</span> {template.subject}
          </p>
        ) : null}
        {/* antd names its expand button "Expand" (its locale); a visible word other than that name fails
            label-content-name-mismatch, so the button shows the word it is named by. */}
        <Typography.Paragraph className="template-content" ellipsis={{ rows: 4, expandable: true }}>
          {template.content}
        </Typography.Paragraph>
        {template.variables.length > 0 ? (
          <ul className="tag-list" aria-label="Placeholders">
            {template.variables.map((name) => (
              <li key={name}>
                <Tag>{`{{${name}}}`}</Tag>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </li>
  );
}

/** Message templates: a card grid with edit and delete-with-confirm. */
export function TemplatesSection() {
  const templates = useTemplates();
  const canChange = useIsAdmin();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  return (
    <div className="section-stack">
      <div className="section-toolbar">
        <Typography.Text className="muted">E-mail, SMS and task texts for automations and staff.</Typography.Text>
        {canChange ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'new' })}>
            New Template
          </Button>
        ) : null}
      </div>
      {canChange ? null : <ReadOnlyNote what="templates" />}
      {templates.isPending ? <LoadingSkeleton rows={6} /> : null}
      {templates.isError ? <QueryErrorAlert error={templates.error} onRetry={() => void templates.refetch()} /> : null}
      {templates.data && templates.data.length === 0 ? (
        <Card>
          <Empty description={MESSAGES.empty.templates} />
        </Card>
      ) : null}
      {templates.data && templates.data.length > 0 ? (
        <ul className="card-grid item-grid" aria-label="Templates">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              canChange={canChange}
              onEdit={() => setEditing({ mode: 'edit', template })}
            />
          ))}
        </ul>
      ) : null}
      <TemplateFormDialog
        key={editing.mode === 'edit' ? editing.template.id : editing.mode}
        open={editing.mode !== 'closed'}
        template={editing.mode === 'edit' ? editing.template : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
    </div>
  );
}
