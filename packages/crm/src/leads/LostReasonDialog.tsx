import { leadStatusUpdateSchema } from '@shine/shared/leads';
import { LOST_NOTE_MAX_LENGTH, lostReasonChoices, OTHER_LOST_REASON } from '@shine/shared/lost-reasons';
import type { Lead } from '@shine/shared/types';
import { Form, Input, Modal, Radio, Space } from 'antd';
import { fullName } from '../format/lead-labels.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useLostReasons } from '../lost-reasons/index.ts';

export interface LostReasonAnswer {
  lostReason: string;
  lostNote?: string;
}

interface LostReasonValues {
  lostReason?: string;
  lostNote?: string;
}

/**
 * Asked whenever a person moves a lead to Lost (the status dropdown, the pipeline drag, the drawer):
 * why it was lost, from the admin's list, with a note that "Other" requires. Cancel leaves the
 * status as it was.
 */
export function LostReasonDialog({
  lead,
  onCancel,
  onConfirm,
}: {
  /** The lead being lost; undefined: the dialog is closed. */
  lead: Pick<Lead, 'firstName' | 'lastName'> | undefined;
  onCancel: () => void;
  onConfirm: (answer: LostReasonAnswer) => void;
}) {
  const reasons = useLostReasons(lead !== undefined);
  const [form] = Form.useForm<LostReasonValues>();
  const chosen = Form.useWatch('lostReason', form);

  const submit = (values: LostReasonValues) => {
    if (!values.lostReason) {
      form.setFields([{ name: 'lostReason', errors: ['Choose why the lead was lost'] }]);
      return;
    }
    const parsed = leadStatusUpdateSchema.safeParse({ status: 'Lost', ...values });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
      return;
    }
    const note = parsed.data.lostNote;
    onConfirm({ lostReason: values.lostReason, ...(note ? { lostNote: note } : {}) });
  };

  return (
    <Modal
      open={lead !== undefined}
      title={lead ? `Why was ${fullName(lead)} lost?` : ''}
      okText="Mark as Lost"
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !reasons.data }}
      destroyOnHidden
    >
      {reasons.isError ? <QueryErrorAlert error={reasons.error} onRetry={() => void reasons.refetch()} /> : null}
      {reasons.isPending ? <LoadingSkeleton rows={4} /> : null}
      {reasons.data ? (
        <Form<LostReasonValues> form={form} name="lostReason" layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="lostReason" label="Reason">
            <Radio.Group>
              <Space direction="vertical">
                {lostReasonChoices(reasons.data.reasons).map((reason) => (
                  <Radio key={reason} value={reason}>
                    {reason}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="lostNote"
            label={chosen === OTHER_LOST_REASON ? 'Note (required for Other)' : 'Note (optional)'}
          >
            <Input.TextArea rows={2} maxLength={LOST_NOTE_MAX_LENGTH} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
