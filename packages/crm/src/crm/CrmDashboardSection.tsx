import { Card, Statistic } from 'antd';
import { useAutomations } from '../automations/index.ts';
import {
  HeldForReviewCard,
  LeadSourcesCard,
  MetricCards,
  PipelineStatusCard,
  PriorityLevelsCard,
  PaymentMetricCards,
  ScheduleMetricCards,
  SpeedToLeadCard,
} from '../overview/index.ts';
import { useTemplates } from '../templates/index.ts';

function ActiveAutomationsCard() {
  const automations = useAutomations();
  const templates = useTemplates();
  const active = automations.data?.filter((automation) => automation.isActive).length ?? 0;
  return (
    <Card
      title="Active Automations"
      loading={automations.isPending || templates.isPending}
      data-testid="active-automations"
    >
      <div className="automation-stats">
        <Statistic title="Active rules" value={active} />
        <Statistic title="Total rules" value={automations.data?.length ?? 0} />
        <Statistic title="Templates" value={templates.data?.length ?? 0} />
      </div>
    </Card>
  );
}

/** Dashboard section of the sidebar CRM: metric cards, the schedule's, breakdowns, the automation summary and lead intake. */
export function CrmDashboardSection() {
  return (
    <div className="section-stack">
      <MetricCards />
      <ScheduleMetricCards />
      <PaymentMetricCards />
      <div className="overview-grid">
        <PipelineStatusCard />
        <PriorityLevelsCard />
        <LeadSourcesCard />
        <ActiveAutomationsCard />
        <SpeedToLeadCard />
        <HeldForReviewCard />
      </div>
    </div>
  );
}
