// The drawer's service address: where the crew cleans, with its map link, and an Edit that opens the
// four fields (the API's own messages; a city outside the service area is allowed for staff, with a
// warning). Saved with PUT /api/admin/leads/{id}/service-address, audited in the lead's history.
import type { Lead } from '@shine/shared/types';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { errorText } from '../ui/error-text.ts';
import {
  type AddressDraft,
  type AddressErrors,
  draftOf,
  parseAddressDraft,
  ServiceAddressFields,
  ServiceAddressText,
} from '../ui/ServiceAddress.tsx';
import { useServiceAddressMutation } from './leads.hooks.ts';

export function LeadServiceAddress({ lead }: { lead: Lead }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(lead.serviceAddress, lead.zipcode));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [problem, setProblem] = useState<string>();
  const save = useServiceAddressMutation();

  const open = () => {
    setDraft(draftOf(lead.serviceAddress, lead.zipcode));
    setErrors({});
    setProblem(undefined);
    setEditing(true);
  };

  const submit = async () => {
    const parsed = parseAddressDraft(draft);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: lead.id, address: parsed.address });
      setEditing(false);
    } catch (error) {
      setProblem(errorText(error) ?? 'Could not save the address.');
    }
  };

  if (!editing) {
    return (
      <Space wrap className="lead-service-address">
        <ServiceAddressText address={lead.serviceAddress} />
        <Button
          size="small"
          onClick={open}
          aria-label={lead.serviceAddress ? 'Edit service address' : 'Add service address'}
        >
          {lead.serviceAddress ? 'Edit' : 'Add'}
        </Button>
      </Space>
    );
  }
  return (
    <form
      className="lead-service-address-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ServiceAddressFields value={draft} onChange={setDraft} errors={errors} />
      {problem ? <Alert type="error" showIcon message={problem} role="alert" /> : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save address
        </Button>
        <Button onClick={() => setEditing(false)}>Cancel</Button>
      </Space>
    </form>
  );
}
