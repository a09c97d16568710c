import { activityCreateSchema, callLogSchema, defaultActivityStatus } from '@shine/shared/activities';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityStatus, type ActivityType } from '@shine/shared/enums';
import type { LeadListItem } from '@shine/shared/types';
import { Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { businessZoneLabel } from '../format/date-time.ts';
import { BusinessDateTimePicker } from '../ui/BusinessDateTimePicker.tsx';
import { useSubmitValidation, validateOrFocusFirstError, zodRule } from '../ui/form-validation.ts';
import { ACTIVITY_STATUS_LABELS, ACTIVITY_TYPE_LABELS } from './activity-labels.tsx';
import { useCreateActivity, useLogCall } from './activities.hooks.ts';
import { CallOutcomeFields, type CallOutcomeValues, offerFollowUp, toCallLog } from './CallOutcomeFields.tsx';
import { LeadPicker } from './LeadPicker.tsx';

interface ActivityValues extends CallOutcomeValues {
  leadId?: string;
  type: ActivityType;
  title: string;
  description?: string;
  scheduledAt?: Dayjs | null;
  status: ActivityStatus;
}

/** The API payload of the form's values (docs/requirements.md#api-calls: leadId, type, title, description, status, scheduledAt). */
export function toActivityPayload(values: Partial<ActivityValues>) {
  return {
    leadId: values.leadId,
    type: values.type,
    title: values.title ?? '',
    description: values.description?.trim() ? values.description : undefined,
    status: values.status,
    scheduledAt: values.scheduledAt ? values.scheduledAt.toISOString() : undefined,
  };
}

const rule = (field: string) => zodRule(activityCreateSchema, field, toActivityPayload);

/** A call made now (completed): logged with its outcome, and the lead's follow-up and status (POST …/calls). */
const isCallMadeNow = (values: Partial<Pick<ActivityValues, 'type' | 'status'>>) =>
  values.type === 'call' && values.status === 'completed';

interface NewActivityDialogProps {
  open: boolean;
  onClose: () => void;
  /** Preselected lead (from the lead drawer or the Activities section). */
  lead?: LeadListItem;
  lockLead?: boolean;
  /** Called with the lead the activity was logged for. */
  onCreated?: (lead: LeadListItem | undefined, leadId: string) => void;
}

/**
 * New Activity: lead, type, title, description, scheduled time, status. Until the person picks a
 * status it follows defaultActivityStatus: a call, e-mail or meeting logged now is Completed, one
 * scheduled for later (and a note or task) Pending. A completed call is a call made now: it asks how
 * it went and offers the lead's next follow-up and status (CallOutcomeFields), saved in one request;
 * to plan a call, set it Pending and give it a time.
 */
export function NewActivityDialog({ open, onClose, lead, lockLead, onCreated }: NewActivityDialogProps) {
  const [form] = Form.useForm<ActivityValues>();
  const create = useCreateActivity();
  const logCall = useLogCall();
  const type = Form.useWatch('type', form);
  const status = Form.useWatch('status', form);
  const callMadeNow = isCallMadeNow({ type, status });
  const followUpTouched = useRef(false);
  const toCallPayload = (values: Record<string, unknown>) => {
    const activity = values as Partial<ActivityValues>;
    return toCallLog({ ...activity, note: activity.description }, pickedLead?.nextFollowUpAt);
  };
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();
  const [pickedLead, setPickedLead] = useState<LeadListItem | undefined>(lead);
  /** The person chose a status: the type and time no longer move it. */
  const statusChosen = useRef(false);

  const close = () => {
    reset();
    statusChosen.current = false;
    followUpTouched.current = false;
    onClose();
  };

  const followDefaultStatus = (changed: Partial<ActivityValues>, all: ActivityValues) => {
    if ('nextFollowUpAt' in changed) followUpTouched.current = true;
    offerFollowUp(form, changed, followUpTouched.current);
    if ('status' in changed) {
      statusChosen.current = true;
      return;
    }
    if (statusChosen.current || !('type' in changed || 'scheduledAt' in changed)) return;
    form.setFieldsValue({ status: defaultActivityStatus(all.type, all.scheduledAt?.toDate(), new Date()) });
  };

  const submit = async () => {
    markSubmitted();
    const values = await validateOrFocusFirstError(form);
    if (!values) return;
    if (isCallMadeNow(values) && values.leadId) {
      const log = callLogSchema.safeParse(
        toCallLog({ ...values, note: values.description }, pickedLead?.nextFollowUpAt),
      );
      if (!log.success) return;
      const leadId = values.leadId;
      logCall.mutate(
        { leadId, log: log.data },
        {
          onSuccess: () => {
            onCreated?.(pickedLead?.id === leadId ? pickedLead : undefined, leadId);
            form.resetFields();
            close();
          },
        },
      );
      return;
    }
    const parsed = activityCreateSchema.safeParse(toActivityPayload(values));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        onCreated?.(pickedLead?.id === parsed.data.leadId ? pickedLead : undefined, parsed.data.leadId);
        form.resetFields();
        close();
      },
    });
  };

  return (
    <Modal
      title="New Activity"
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText={create.isPending || logCall.isPending ? 'Creating...' : 'Create Activity'}
      okButtonProps={{ loading: create.isPending || logCall.isPending }}
      destroyOnHidden
    >
      <Form<ActivityValues>
        form={form}
        layout="vertical"
        validateTrigger={validateTrigger}
        preserve={false}
        initialValues={{
          leadId: lead?.id,
          type: 'call',
          status: defaultActivityStatus('call', null, new Date()),
          title: '',
          description: '',
        }}
        onValuesChange={followDefaultStatus}
        onFinish={() => void submit()}
      >
        <Form.Item label="Lead" name="leadId" required rules={[rule('leadId')]}>
          <LeadPicker knownLead={lead} disabled={lockLead} onChange={(_id, picked) => setPickedLead(picked)} />
        </Form.Item>
        <Form.Item label="Type" name="type" required rules={[rule('type')]}>
          <Select options={ACTIVITY_TYPES.map((type) => ({ value: type, label: ACTIVITY_TYPE_LABELS[type] }))} />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          required={!callMadeNow}
          rules={[callMadeNow ? zodRule(callLogSchema, 'title', toCallPayload) : rule('title')]}
        >
          <Input
            maxLength={200}
            placeholder={callMadeNow ? 'Optional: the outcome names the call' : 'e.g. Call to confirm the walkthrough'}
          />
        </Form.Item>
        <Form.Item label="Status" name="status" required rules={[rule('status')]}>
          <Select
            options={ACTIVITY_STATUSES.map((status) => ({ value: status, label: ACTIVITY_STATUS_LABELS[status] }))}
          />
        </Form.Item>
        {callMadeNow ? (
          <CallOutcomeFields form={form} toPayload={toCallPayload} currentStatus={pickedLead?.status} />
        ) : (
          <Form.Item label={`Scheduled time (${businessZoneLabel()})`} name="scheduledAt" rules={[rule('scheduledAt')]}>
            <BusinessDateTimePicker className="full-width" />
          </Form.Item>
        )}
        <Form.Item label={callMadeNow ? 'Note' : 'Description'} name="description" rules={[rule('description')]}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
