import { isAwaitingContact } from '@shine/shared/intake';
import { estimateValueOf, formatEstimateRange } from '@shine/shared/pricing';
import type { Lead } from '@shine/shared/types';
import { Button, Descriptions, Grid, Typography } from 'antd';
import { fullName } from '../format/lead-labels.ts';
import { formatBusinessMinutes, formatDateTime } from '../format/date-time.ts';
import { useLead } from './leads.hooks.ts';

function EstimateText({ lead }: { lead: Lead }) {
  const estimate = lead.estimate;
  if (!estimate) return <>—</>;
  if (estimate.kind === 'walkthrough') return <>Walkthrough needed: {estimate.reason}</>;
  const b = estimate.breakdown;
  return (
    <>
      {formatEstimateRange(estimate)} (first cleaning ${estimate.firstVisitLow}–${estimate.firstVisitHigh})
      <Typography.Text type="secondary" className="estimate-breakdown">
        {' '}
        · base ${b.base} + bedrooms ${b.bedroomsAdded} + bathrooms ${b.bathroomsAdded}
        {b.discountPercent ? ` − ${b.discountPercent}% recurring ($${b.discount})` : ''} = ${estimateValueOf(estimate)}
      </Typography.Text>
    </>
  );
}

function SpeedToLeadText({ lead, now }: { lead: Lead; now: Date }) {
  if (lead.speedToLeadMinutes !== null) {
    return (
      <>
        {formatBusinessMinutes(lead.speedToLeadMinutes)} (business hours) · first contact{' '}
        {formatDateTime(lead.firstContactedAt)}
      </>
    );
  }
  if (!lead.contactDueAt) return <>—</>;
  if (isAwaitingContact(lead, now)) {
    return <Typography.Text type="danger">Not contacted · was due {formatDateTime(lead.contactDueAt)}</Typography.Text>;
  }
  return <>Waiting for first contact · due {formatDateTime(lead.contactDueAt)}</>;
}

/** The closed (Won or Lost) lead this request follows: its name and outcome, opened in place. */
function PreviousLeadLink({ leadId, onOpenLead }: { leadId: string; onOpenLead?: (id: string) => void }) {
  const previous = useLead(leadId);
  const data = previous.data;
  const label = data
    ? `${fullName(data)} · ${data.status} · created ${formatDateTime(data.createdAt)}`
    : previous.isError
      ? `Lead ${leadId}`
      : 'Loading…';
  if (!onOpenLead) return <>Follows closed lead {label}</>;
  return (
    <>
      Follows closed lead{' '}
      <Button type="link" className="inline-link" onClick={() => onOpenLead(leadId)}>
        {label}
      </Button>
    </>
  );
}

/** Where the lead came from and how it has been handled since: estimate, attribution, repeats, speed-to-lead. */
export function LeadIntakeDetails({
  lead,
  now = new Date(),
  onOpenLead,
}: {
  lead: Lead;
  now?: Date;
  /** Opens another lead in the drawer (the closed lead a repeat request follows). */
  onOpenLead?: (id: string) => void;
}) {
  const screens = Grid.useBreakpoint();
  const campaign = [lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(' / ');
  return (
    <Descriptions
      size="small"
      bordered
      title="Intake"
      column={screens.sm ? 2 : 1}
      items={[
        { key: 'estimate', label: 'Quote Estimate', span: screens.sm ? 2 : 1, children: <EstimateText lead={lead} /> },
        {
          key: 'speedToLead',
          label: 'Speed to Lead',
          span: screens.sm ? 2 : 1,
          children: <SpeedToLeadText lead={lead} now={now} />,
        },
        { key: 'campaign', label: 'UTM Campaign', children: campaign || '—' },
        { key: 'referrer', label: 'Referrer', children: lead.referrerHost ?? '—' },
        { key: 'landingPage', label: 'Landing Page', children: lead.landingPage ?? '—' },
        {
          key: 'repeats',
          label: 'Repeat Requests',
          children: lead.repeatCount > 0 ? `${lead.repeatCount} · last ${formatDateTime(lead.lastRepeatAt)}` : 'None',
        },
        ...(lead.previousLeadId
          ? [
              {
                key: 'previous',
                label: 'Previous Lead',
                span: screens.sm ? 2 : 1,
                children: <PreviousLeadLink leadId={lead.previousLeadId} onOpenLead={onOpenLead} />,
              },
            ]
          : []),
      ]}
    />
  );
}
