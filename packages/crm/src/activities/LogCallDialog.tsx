import { callLogSchema } from '@shine/shared/activities';
import type { LeadStatus } from '@shine/shared/enums';
import { Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useSubmitValidation, validateOrFocusFirstError } from '../ui/form-validation.ts';
import { useLogCall } from './activities.hooks.ts';
import { CallOutcomeFields, type CallOutcomeValues, offerFollowUp, toCallLog } from './CallOutcomeFields.tsx';

type LogCallValues = CallOutcomeValues & { note?: string };

/** The lead a call is logged for, as much as the caller knows of it. */
export interface CallLead {
  id: string;
  name: string;
  /** Undefined: not known here (the follow-up field starts empty and is only sent when set). */
  nextFollowUpAt?: string | null;
  status?: LeadStatus;
}

/**
 * "Log the call": how it went (reached, voicemail, no answer, wrong number), a note, and in the same
 * step the next follow-up and the lead's status, saved together by one request (useLogCall).
 */
export function LogCallDialog({
  lead,
  onClose,
  onLogged,
}: {
  /** Undefined: closed. */
  lead: CallLead | undefined;
  onClose: () => void;
  onLogged?: () => void;
}) {
  const [form] = Form.useForm<LogCallValues>();
  const logCall = useLogCall();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();
  const followUpTouched = useRef(false);
  const toPayload = (values: Record<string, unknown>) => toCallLog(values as LogCallValues, lead?.nextFollowUpAt);

  const close = () => {
    reset();
    followUpTouched.current = false;
    onClose();
  };

  const submit = async () => {
    if (!lead) return;
    markSubmitted();
    const values = await validateOrFocusFirstError(form);
    if (!values) return;
    const parsed = callLogSchema.safeParse(toCallLog(values, lead.nextFollowUpAt));
    if (!parsed.success) return;
    logCall.mutate(
      { leadId: lead.id, log: parsed.data },
      {
        onSuccess: () => {
          onLogged?.();
          close();
        },
      },
    );
  };

  return (
    <Modal
      title={lead ? `Log the call with ${lead.name}` : 'Log the call'}
      open={lead !== undefined}
      onCancel={close}
      onOk={() => void submit()}
      okText={logCall.isPending ? 'Saving...' : 'Save call'}
      okButtonProps={{ loading: logCall.isPending }}
      destroyOnHidden
    >
      <Form<LogCallValues>
        form={form}
        layout="vertical"
        validateTrigger={validateTrigger}
        preserve={false}
        initialValues={{ nextFollowUpAt: lead?.nextFollowUpAt ? dayjs(lead.nextFollowUpAt) : null }}
        onValuesChange={(changed: Partial<LogCallValues>) => {
          if ('nextFollowUpAt' in changed) followUpTouched.current = true;
          offerFollowUp(form, changed, followUpTouched.current);
        }}
        onFinish={() => void submit()}
      >
        <CallOutcomeFields form={form} toPayload={toPayload} currentStatus={lead?.status} />
        <Form.Item label="Note" name="note">
          <Input.TextArea rows={3} maxLength={5000} placeholder="What was said, what to do next" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
