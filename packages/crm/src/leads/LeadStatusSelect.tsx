import { LEAD_STATUSES, type LeadStatus } from '@shine/shared/enums';
import type { LeadListItem } from '@shine/shared/types';
import { DownOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { fullName } from '../format/lead-labels.ts';
import { CRM_THEME_CLASS } from '../ui/theme.ts';
import { useLeadStatusMutation } from './leads.hooks.ts';
import { LostReasonDialog } from './LostReasonDialog.tsx';

interface LeadStatusSelectProps {
  lead: LeadListItem;
  size?: 'small' | 'middle';
  /** Mounted by the real Select only once it is focused or pressed (see DeferredLeadStatusSelect). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/** The per-lead status dropdown (docs/requirements.md#sidebar-crm): any status can be set directly. */
export function LeadStatusSelect({ lead, size, autoFocus, defaultOpen }: LeadStatusSelectProps) {
  const mutation = useLeadStatusMutation();
  const [askingWhyLost, setAskingWhyLost] = useState(false);
  const pendingStatus = mutation.isPending ? mutation.variables?.status : undefined;
  return (
    <>
      <Select<LeadStatus>
        aria-label={`Status of ${fullName(lead)}`}
        size={size}
        className="lead-status-select"
        value={pendingStatus ?? lead.status}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        loading={mutation.isPending}
        // Not disabled while saving: disabling the focused select would drop keyboard focus to <body>.
        // It shows the status being saved, and a pick made meanwhile is ignored.
        popupMatchSelectWidth={false}
        onChange={(status) => {
          if (mutation.isPending || status === lead.status) return;
          if (status === 'Lost') setAskingWhyLost(true);
          else mutation.mutate({ id: lead.id, status });
        }}
        options={LEAD_STATUSES.map((status) => ({ value: status, label: status }))}
      />
      <LostReasonDialog
        lead={askingWhyLost ? lead : undefined}
        onCancel={() => setAskingWhyLost(false)}
        onConfirm={(answer) => {
          setAskingWhyLost(false);
          mutation.mutate({ id: lead.id, status: 'Lost', ...answer });
        }}
      />
    </>
  );
}

/**
 * The status dropdown of a table row, for a table that mounts 100 rows at a time (a sort, a page):
 * until it is focused or pressed it is antd's markup for a closed small Select, without the Select
 * (its hooks, trigger and listbox cost ~1.2 ms a row). Focus (Tab) or a click or tap swaps in the
 * real Select, focused, and open for a click; it then stays for the row's life, so focus never falls
 * to <body> after a change. Same accessible name, role and value as the real one.
 *
 * The swap waits for the click, not the mousedown: a Select mounted during a mousedown registers its
 * close-on-outside-press listener on window while that very mousedown is still bubbling there, and
 * closes at once (its target, the stand-in, is gone), so the first press only focused it.
 */
export function DeferredLeadStatusSelect({ lead }: { lead: LeadListItem }) {
  const [activated, setActivated] = useState<'focus' | 'press' | null>(null);
  if (activated) return <LeadStatusSelect lead={lead} size="small" autoFocus defaultOpen={activated === 'press'} />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the press target of the whole box, as antd's is; keyboard users reach the combobox inside, which swaps on focus
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's path is the combobox inside, which swaps on focus
    <div
      className={`ant-select ant-select-sm ant-select-outlined lead-status-select ${CRM_THEME_CLASS} ant-select-css-var ant-select-single ant-select-show-arrow`}
      onMouseDown={(event) => {
        // The real Select takes the focus on the click, not this stand-in about to go.
        if (event.button === 0) event.preventDefault();
      }}
      onClick={(event) => {
        if (event.button === 0) setActivated('press');
      }}
    >
      <div className="ant-select-content ant-select-content-has-value" title={lead.status}>
        {lead.status}
        <input
          aria-label={`Status of ${fullName(lead)}`}
          readOnly
          className="ant-select-input"
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          value=""
          onFocus={() => setActivated('focus')}
        />
      </div>
      <div className="ant-select-suffix">
        <DownOutlined />
      </div>
    </div>
  );
}
