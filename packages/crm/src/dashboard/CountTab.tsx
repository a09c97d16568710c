import { MESSAGES } from '@shine/shared/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Empty, Statistic } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useAutomations } from '../automations/index.ts';
import { useTemplates } from '../templates/index.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { sectionPath } from '../navigation/index.ts';

interface CountCardProps {
  query: UseQueryResult<unknown[]>;
  label: string;
  empty: string;
  section: string;
}

/** docs/requirements.md#tabbed-dashboard: the tabbed dashboard's Automations and Templates tabs show only a count or an empty message. */
function CountCard({ query, label, empty, section }: CountCardProps) {
  const count = query.data?.length ?? 0;
  return (
    <Card>
      {query.isPending ? <LoadingSkeleton rows={2} /> : null}
      {query.isError ? <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && count === 0 ? <Empty description={empty} /> : null}
      {query.data && count > 0 ? (
        <div className="count-tab">
          <Statistic title={label} value={count} />
          <ButtonLink to={sectionPath(section)}>Manage {label.toLowerCase()}</ButtonLink>
        </div>
      ) : null}
    </Card>
  );
}

export function AutomationsCountTab() {
  return (
    <CountCard
      query={useAutomations()}
      label="Automation rules"
      empty={MESSAGES.empty.automations}
      section="automations"
    />
  );
}

export function TemplatesCountTab() {
  return <CountCard query={useTemplates()} label="Templates" empty={MESSAGES.empty.templates} section="templates" />;
}
