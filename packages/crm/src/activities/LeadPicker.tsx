import { leadOperations } from '@shine/shared/operations/leads';
import type { LeadListItem } from '@shine/shared/types';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { fullName } from '../format/lead-labels.ts';
import { useDebouncedValue } from '../ui/use-debounced-value.ts';
import { queryOptions } from '../api/client.ts';

interface LeadPickerProps {
  id?: string;
  value?: string;
  onChange?: (leadId: string | undefined, lead: LeadListItem | undefined) => void;
  /** A lead to show as the current choice before any search (the drawer's lead, for instance). */
  knownLead?: LeadListItem;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

function optionLabel(lead: LeadListItem): string {
  return `${fullName(lead)} · ${lead.email}`;
}

/** Picks a lead by name, e-mail or phone, searching on the server. */
export function LeadPicker({ id, value, onChange, knownLead, disabled, placeholder, ...rest }: LeadPickerProps) {
  const [searchText, setSearchText] = useState('');
  const [picked, setPicked] = useState<LeadListItem | undefined>(knownLead);
  const search = useDebouncedValue(searchText.trim(), 300);
  const results = useQuery({
    ...queryOptions(leadOperations.listLeads, {
      query: { search: search || undefined, page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' },
    }),
    enabled: !disabled,
  });

  const leads = new Map<string, LeadListItem>();
  if (picked) leads.set(picked.id, picked);
  if (knownLead) leads.set(knownLead.id, knownLead);
  for (const lead of results.data?.items ?? []) leads.set(lead.id, lead);

  return (
    <Select<string>
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      disabled={disabled}
      allowClear
      placeholder={placeholder ?? 'Search leads by name, email or phone'}
      loading={results.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearchText, searchValue: searchText }}
      notFoundContent={results.isFetching ? 'Searching…' : 'No leads found matching your criteria.'}
      onChange={(next) => {
        const lead = next ? leads.get(next) : undefined;
        setPicked(lead);
        setSearchText('');
        onChange?.(next, lead);
      }}
      options={[...leads.values()].map((lead) => ({ value: lead.id, label: optionLabel(lead) }))}
    />
  );
}
