// The dashboard's figures, shown by the dashboard page, the CRM's dashboard section and analytics
// (docs/architecture.md#crm-features).
export { LeadSourcesCard, PipelineStatusCard, PriorityLevelsCard } from './BreakdownCards.tsx';
export { HeldForReviewCard, SpeedToLeadCard } from './IntakeCards.tsx';
export { MetricCards, PaymentMetricCards, ScheduleMetricCards } from './MetricCards.tsx';
export { useActivitySummary, useMetrics, useStats } from './reports.hooks.ts';
