import { MailOutlined, PhoneOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDealValue, formatMoney, toTelHref } from '@shine/shared/format';
import { formatCents } from '@shine/shared/quote-pricing';
import { leadRecurringRevenue } from '@shine/shared/recurring-revenue';
import type { Lead, LeadDetail } from '@shine/shared/types';
import { Button, Descriptions, Divider, Drawer, Grid, Space, Tabs, Tag, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useState } from 'react';
import { ActivityTimeline } from '../activities/index.ts';
import { LogCallDialog, NewActivityDialog, WrongNumberFlag } from '../activities/index.ts';
import { LeadAutomationHistory } from '../automations/index.ts';
import { LeadConversation } from '../conversations/index.ts';
import { QuoteBuilder } from '../quotes/index.ts';
import { LeadBooking } from '../schedule/index.ts';
import { LeadCard, LeadInvoices } from '../payments/index.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { FollowUpText } from './FollowUpText.tsx';
import { PRIORITY_COLORS, STATUS_COLORS, fullName } from '../format/lead-labels.ts';
import { formatDateTime } from '../format/date-time.ts';
import { LeadAssigneeSelect } from './LeadAssigneeSelect.tsx';
import { LeadEditForm } from './LeadEditForm.tsx';
import { LeadHistory } from './LeadHistory.tsx';
import { LeadIntakeDetails } from './LeadIntakeDetails.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import { SamePhoneLinks } from './SamePhoneLinks.tsx';
import { LeadRequests } from './LeadRequests.tsx';
import { LeadServiceAddress } from './LeadServiceAddress.tsx';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';
import type { LeadDrawerTab } from './lead-drawer-tabs.ts';
import { useLead } from './leads.hooks.ts';
import { ToneTag } from '../ui/ToneTag.tsx';

/**
 * Beside the one-time value of a Weekly, Biweekly or Monthly lead: its value per visit × the visits its
 * series makes a year (docs/decisions.md, "Recurring revenue").
 */
function recurringValueItem(lead: Lead) {
  const recurring = leadRecurringRevenue(lead);
  if (!recurring) return [];
  return [
    {
      key: 'recurringValue',
      label: 'Recurring Value',
      children: `${formatMoney(formatCents(recurring.annualCents))} a year (${formatMoney(formatCents(recurring.perVisitCents))} × ${recurring.visitsPerYear} visits)`,
    },
  ];
}

function LeadDetails({ lead }: { lead: Lead }) {
  const screens = Grid.useBreakpoint();
  return (
    <Descriptions
      size="small"
      bordered
      column={screens.sm ? 2 : 1}
      items={[
        { key: 'email', label: 'Email', children: <a href={`mailto:${lead.email}`}>{lead.email}</a> },
        { key: 'phone', label: 'Phone', children: <a href={toTelHref(lead.phone)}>{lead.phone}</a> },
        {
          key: 'serviceAddress',
          label: 'Service Address',
          span: screens.sm ? 2 : 1,
          children: <LeadServiceAddress key={`${lead.id}:${lead.updatedAt}`} lead={lead} />,
        },
        { key: 'zipcode', label: 'Zip Code', children: lead.zipcode },
        { key: 'cleaningType', label: 'Cleaning Type', children: lead.cleaningType },
        { key: 'bedrooms', label: 'Bedrooms', children: lead.bedrooms },
        { key: 'bathrooms', label: 'Bathrooms', children: lead.bathrooms },
        { key: 'frequency', label: 'Frequency', children: lead.frequency },
        { key: 'source', label: 'Source', children: lead.source },
        {
          key: 'status',
          label: 'Status',
          children: <ToneTag color={STATUS_COLORS[lead.status]}>{lead.status}</ToneTag>,
        },
        ...(lead.status === 'Lost'
          ? [
              {
                key: 'lostReason',
                label: 'Lost Because',
                children: lead.lostReason
                  ? `${lead.lostReason}${lead.lostNote ? `: ${lead.lostNote}` : ''}`
                  : 'No reason given',
              },
            ]
          : []),
        {
          key: 'priority',
          label: 'Priority',
          children: <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>,
        },
        { key: 'estimatedValue', label: 'Estimated Value', children: formatDealValue(lead.estimatedValue) },
        ...recurringValueItem(lead),
        {
          key: 'tags',
          label: 'Tags',
          children:
            lead.tags.length > 0 ? (
              <span className="tag-list">
                {lead.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </span>
            ) : (
              '—'
            ),
        },
        { key: 'assignedTo', label: 'Assigned To', children: <LeadAssigneeSelect lead={lead} /> },
        { key: 'lastContactedAt', label: 'Last Contacted', children: formatDateTime(lead.lastContactedAt) },
        {
          key: 'nextFollowUpAt',
          label: 'Next Follow-Up',
          children: <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} />,
        },
        { key: 'createdAt', label: 'Created', children: formatDateTime(lead.createdAt) },
        { key: 'updatedAt', label: 'Updated', span: 'filled', children: formatDateTime(lead.updatedAt) },
        {
          key: 'notes',
          label: 'Notes',
          span: screens.sm ? 2 : 1,
          children: lead.notes ? <span className="pre-wrap">{lead.notes}</span> : '—',
        },
      ]}
    />
  );
}

/**
 * Everything about one lead: details, contact links, status, intake, its quote requests, follow-up and
 * deal fields, activity timeline.
 */
export function LeadDrawer({
  leadId,
  onClose,
  onOpenLead,
  initialTab = 'details',
}: {
  leadId: string | undefined;
  /** The tab it opens on (the Inbox opens the conversation). */
  initialTab?: LeadDrawerTab;
  onClose: () => void;
  /** Shows another lead in this drawer (a repeat request's earlier, closed lead). */
  onOpenLead: (id: string) => void;
}) {
  const screens = Grid.useBreakpoint();
  const lead = useLead(leadId);
  const data = lead.data;

  return (
    <Drawer
      open={Boolean(leadId)}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={data ? fullName(data) : 'Lead'}
      extra={data ? <ToneTag color={STATUS_COLORS[data.status]}>{data.status}</ToneTag> : null}
      destroyOnHidden
    >
      {lead.isPending ? <LoadingSkeleton rows={10} /> : null}
      {lead.isError ? <QueryErrorAlert error={lead.error} onRetry={() => void lead.refetch()} /> : null}
      {data ? (
        <Tabs
          key={data.id}
          defaultActiveKey={initialTab}
          items={[
            { key: 'details', label: 'Details', children: <LeadDetailsTab lead={data} onOpenLead={onOpenLead} /> },
            { key: 'conversation', label: 'Conversation', children: <LeadConversation lead={data} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

/** The drawer's first tab: everything about the lead but its conversation. */
function LeadDetailsTab({ lead: data, onOpenLead }: { lead: LeadDetail; onOpenLead: (id: string) => void }) {
  const [activityOpen, setActivityOpen] = useState(false);
  const [loggingCall, setLoggingCall] = useState(false);
  return (
    <div className="section-stack">
      <Space wrap>
        <Button icon={<PhoneOutlined aria-hidden="true" />} href={toTelHref(data.phone)}>
          Call {data.phone}
        </Button>
        <Button onClick={() => setLoggingCall(true)}>Log the call</Button>
        <WrongNumberFlag leadId={data.id} />
        <Button icon={<MailOutlined aria-hidden="true" />} href={`mailto:${data.email}`}>
          Email
        </Button>
        <LeadStatusSelect lead={data} />
      </Space>
      <LeadIntakeFlags lead={data} />
      <SamePhoneLinks lead={data} onOpen={onOpenLead} />
      <LeadDetails lead={data} />
      <LeadIntakeDetails lead={data} onOpenLead={onOpenLead} />
      <LeadRequests lead={data} onOpenLead={onOpenLead} />
      <Divider titlePlacement="start">Quote</Divider>
      <QuoteBuilder lead={data} />
      <Divider titlePlacement="start">Booking</Divider>
      <LeadBooking leadId={data.id} />
      <Divider titlePlacement="start">Card on file</Divider>
      <LeadCard leadId={data.id} />
      <Divider titlePlacement="start">Invoices</Divider>
      <LeadInvoices leadId={data.id} />
      <Divider titlePlacement="start">Follow-up &amp; deal</Divider>
      <LeadEditForm key={`${data.id}:${data.updatedAt}`} lead={data} />
      <Divider titlePlacement="start">Activity</Divider>
      <div className="drawer-activity-head">
        <Typography.Title level={2} className="drawer-subtitle">
          Activity timeline
        </Typography.Title>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setActivityOpen(true)}>
          Log Activity
        </Button>
      </div>
      <ActivityTimeline leadId={data.id} />
      <LeadHistory leadId={data.id} />
      <LeadAutomationHistory leadId={data.id} />
      <NewActivityDialog open={activityOpen} onClose={() => setActivityOpen(false)} lead={data} lockLead />
      <LogCallDialog
        lead={
          loggingCall
            ? { id: data.id, name: fullName(data), nextFollowUpAt: data.nextFollowUpAt, status: data.status }
            : undefined
        }
        onClose={() => setLoggingCall(false)}
      />
    </div>
  );
}
