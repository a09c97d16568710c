import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { formatCount } from '@shine/shared/format';
import { useAssignees } from '../team/index.ts';
import { useBulkAssign } from './assign.hooks.ts';
import { UNASSIGNED, assigneeOptions, nameOf } from './assignee-options.ts';

/** Assigns the selected leads to one person, or to nobody (POST /api/admin/leads/assign). */
export function BulkAssignDialog({
  open,
  selectedIds,
  onClose,
  onAssigned,
}: {
  open: boolean;
  selectedIds: string[];
  onClose: () => void;
  /** After the server answered: the section clears its selection. */
  onAssigned: () => void;
}) {
  const assignees = useAssignees();
  const assign = useBulkAssign();
  const [choice, setChoice] = useState<string>();
  const people = assignees.data?.items ?? [];

  const submit = () => {
    if (!choice) return;
    const id = choice === UNASSIGNED ? null : choice;
    assign.mutate(
      { ids: selectedIds, target: { id, name: id ? nameOf(people, id) : null } },
      {
        onSuccess: () => {
          setChoice(undefined);
          onAssigned();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={`Assign ${formatCount(selectedIds.length, 'lead')}`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={assign.isPending ? 'Assigning...' : 'Assign'}
      okButtonProps={{ loading: assign.isPending, disabled: !choice }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Assign to" htmlFor="bulk-assign-to">
          <Select<string>
            id="bulk-assign-to"
            placeholder="Choose a person"
            value={choice}
            onChange={setChoice}
            loading={assignees.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={assigneeOptions(people)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
