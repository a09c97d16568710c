import { AUDIT_ENTITIES, type AuditEntity } from '@shine/shared/enums';
import { formatCount } from '@shine/shared/format';
import { leadOperations } from '@shine/shared/operations/leads';
import type { AuditEntry } from '@shine/shared/types';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Table, Tag, type TableColumnsType, Typography } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { fullName } from '../format/lead-labels.ts';
import { queryOptions } from '../api/client.ts';
import { useTeamUsers } from '../team/index.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { AuditChanges } from './AuditChanges.tsx';
import { AuditSubject } from './AuditSubject.tsx';
import { useAuditPage } from './audit.hooks.ts';
import { actorName, describeAuditEntry } from './describe-audit.ts';
import { useAuditFilter } from './use-audit-filter.ts';

const ALL = 'all';

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  lead: 'Lead',
  user: 'Person',
  automation: 'Automation',
  template: 'Template',
  settings: 'Settings',
  export: 'Export',
};

const columns: TableColumnsType<AuditEntry> = [
  { key: 'at', title: 'When', width: 170, render: (_value, entry) => formatDateTime(entry.at) },
  { key: 'actor', title: 'Who', width: 160, render: (_value, entry) => actorName(entry) },
  {
    key: 'entity',
    title: 'What',
    width: 220,
    render: (_value, entry) => (
      <div className="audit-what">
        <Tag>{ENTITY_LABELS[entry.entity]}</Tag>
        <AuditSubject entry={entry} />
      </div>
    ),
  },
  {
    key: 'change',
    title: 'Change',
    render: (_value, entry) => (
      <div>
        <div>{describeAuditEntry(entry)}</div>
        <AuditChanges entry={entry} />
      </div>
    ),
  },
];

function LeadFilter({ leadId, onClear }: { leadId: string; onClear: () => void }) {
  // The lead's own read (the drawer's cache entry), not the leads feature: audit must not import it.
  const lead = useQuery(queryOptions(leadOperations.getLead, { params: { id: leadId } }));
  return (
    <span className="audit-lead-filter">
      <Tag>Lead: {lead.data ? fullName(lead.data) : 'one lead'}</Tag>
      <Button type="link" onClick={onClear}>
        Show all leads
      </Button>
    </span>
  );
}

/** Audit (admins): who changed what and when, newest first, by person, entity or lead. */
export function AuditSection() {
  const { filter, set } = useAuditFilter();
  const page = useAuditPage(filter);
  const people = useTeamUsers();

  return (
    <div className="section-stack">
      <Typography.Text className="muted">
        Every change to leads, people, automations, templates and settings, and every export. Nothing here can be edited
        or removed.
      </Typography.Text>
      <search className="lead-filters">
        <Select<string>
          aria-label="Filter by person"
          className="lead-filters-select"
          value={filter.userId ?? ALL}
          onChange={(value) => set('userId', value === ALL ? undefined : value)}
          loading={people.isPending}
          options={[
            { value: ALL, label: 'Everyone' },
            ...(people.data?.items ?? []).map((person) => ({ value: person.id, label: person.name })),
          ]}
        />
        <Select<AuditEntity | typeof ALL>
          aria-label="Filter by kind"
          className="lead-filters-select"
          value={filter.entity ?? ALL}
          onChange={(value) => set('entity', value === ALL ? undefined : value)}
          options={[
            { value: ALL, label: 'All kinds' },
            ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] })),
          ]}
        />
        {filter.leadId ? <LeadFilter leadId={filter.leadId} onClear={() => set('leadId', undefined)} /> : null}
      </search>
      {page.isError ? <QueryErrorAlert error={page.error} onRetry={() => void page.refetch()} /> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <section className="table-scroll" aria-label="Audit trail" tabIndex={0}>
        <Table<AuditEntry>
          rowKey="id"
          className="audit-table"
          columns={columns}
          dataSource={page.data?.items ?? []}
          loading={page.isPending}
          locale={{ emptyText: 'No changes match these filters.' }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total, range) => `${range[0]}-${range[1]} of ${formatCount(total, 'change')}`,
            onChange: (next) => set('page', next),
          }}
        />
      </section>
    </div>
  );
}
