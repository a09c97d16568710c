import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@shine/shared/messages';
import type { LeadListItem } from '@shine/shared/types';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { fullName } from '../format/lead-labels.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { LeadPicker } from './LeadPicker.tsx';
import { NewActivityDialog } from './NewActivityDialog.tsx';

/** Activities: pick a lead to see its activities; log new ones from the New Activity dialog. */
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
      <Card
        title={lead ? `Activities for ${fullName(lead)}` : 'Activities'}
        extra={lead ? <ContactLinks email={lead.email} phone={lead.phone} layout="inline" /> : null}
      >
        {lead ? (
          <ActivityTimeline leadId={lead.id} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.empty.selectLead} />
        )}
      </Card>
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
