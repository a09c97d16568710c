import { PlusOutlined } from '@ant-design/icons';
import type { LeadListItem } from '@shine/shared/types';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { fullName } from '../format/lead-labels.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { LeadPicker } from './LeadPicker.tsx';
import { NewActivityDialog } from './NewActivityDialog.tsx';
import { PendingActivities } from './PendingActivities.tsx';

/**
 * Activities: every lead's pending activities (what the dashboard's Pending Tasks card counts) until a
 * lead is picked, then that lead's; log new ones from the New Activity dialog.
 */
export function ActivitiesSection() {
  const [lead, setLead] = useState<LeadListItem>();
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <div className="section-stack">
      <Card>
        <div className="activities-toolbar">
          <div className="activities-picker">
            <label htmlFor="activities-lead" className="field-label">
              Lead
            </label>
            <LeadPicker
              id="activities-lead"
              value={lead?.id}
              knownLead={lead}
              onChange={(_id, picked) => setLead(picked)}
            />
          </div>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDialogOpen(true)}>
            New Activity
          </Button>
        </div>
      </Card>
      {lead ? (
        <Card
          title={`Activities for ${fullName(lead)}`}
          extra={<ContactLinks email={lead.email} phone={lead.phone} layout="inline" />}
        >
          <ActivityTimeline leadId={lead.id} />
        </Card>
      ) : (
        <PendingActivities />
      )}
      <NewActivityDialog
        key={lead?.id ?? 'none'}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        lead={lead}
        onCreated={(picked) => {
          if (picked) setLead(picked);
        }}
      />
      <Typography.Paragraph className="visually-hidden" aria-live="polite">
        {lead ? `Showing activities for ${fullName(lead)}` : ''}
      </Typography.Paragraph>
    </div>
  );
}
