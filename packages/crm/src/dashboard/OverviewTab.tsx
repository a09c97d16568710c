import { AppstoreOutlined, DownloadOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { NewActivityDialog } from '../activities/index.ts';
import { ExportDialog } from '../leads/index.ts';
import {
  LeadSourcesCard,
  PipelineStatusCard,
  PriorityLevelsCard,
  HeldForReviewCard,
  SpeedToLeadCard,
  MetricCards,
  useStats,
} from '../overview/index.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { sectionPath } from '../navigation/index.ts';

function QuickActionsCard({ onShowLeads }: { onShowLeads: () => void }) {
  const [exportOpen, setExportOpen] = useState(false);
  const [activityOpen, setActivityOpen] = useState(false);
  const stats = useStats();
  return (
    <Card title="Quick Actions">
      <div className="quick-actions">
        <Button icon={<TeamOutlined aria-hidden="true" />} onClick={onShowLeads} block>
          View Leads
        </Button>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setActivityOpen(true)} block>
          New Activity
        </Button>
        <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={() => setExportOpen(true)} block>
          Export Leads
        </Button>
        <ButtonLink to={sectionPath('automations')} icon={<AppstoreOutlined aria-hidden="true" />} block>
          Manage Automations
        </ButtonLink>
      </div>
      <ExportDialog
        open={exportOpen}
        onClose={() => setExportOpen(false)}
        selectedIds={[]}
        filter={{}}
        matchingTotal={stats.data?.total}
      />
      <NewActivityDialog open={activityOpen} onClose={() => setActivityOpen(false)} />
    </Card>
  );
}

/** Overview: six metric cards, Pipeline Status, Priority Levels, Lead Sources, Quick Actions and lead intake. */
export function OverviewTab({ onShowLeads }: { onShowLeads: () => void }) {
  return (
    <div className="section-stack">
      <MetricCards />
      <div className="overview-grid">
        <PipelineStatusCard />
        <PriorityLevelsCard />
        <LeadSourcesCard />
        <QuickActionsCard onShowLeads={onShowLeads} />
        <SpeedToLeadCard />
        <HeldForReviewCard />
      </div>
    </div>
  );
}
