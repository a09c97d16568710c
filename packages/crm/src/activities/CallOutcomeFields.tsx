import { CALL_OUTCOME_LABELS, type CallLogInput, callLogSchema } from '@shine/shared/activities';
import { CALL_OUTCOMES, type CallOutcome, LEAD_STATUSES, type LeadStatus } from '@shine/shared/enums';
import { Alert, Form, type FormInstance, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { businessZoneLabel } from '../format/date-time.ts';
import { businessClockAfter } from '../format/picker-time.ts';
import { BusinessDateTimePicker } from '../ui/BusinessDateTimePicker.tsx';
import { zodRule } from '../ui/form-validation.ts';
import './activities.css';

/** The fields a logged call adds to a form: how it went, the next follow-up, the lead's status. */
export interface CallOutcomeValues {
  outcome?: CallOutcome;
  nextFollowUpAt?: Dayjs | null;
  leadStatus?: LeadStatus;
}

/** Outcomes after which the office tries again: the follow-up is offered for tomorrow morning. */
const TRY_AGAIN: readonly CallOutcome[] = ['no_answer', 'voicemail'];

/**
 * The call's request body. `initialFollowUpAt`: the lead's follow-up as the form started (undefined:
 * not known); the follow-up is sent only when the person changed it, so a call never rewrites it by
 * accident.
 */
export function toCallLog(
  values: CallOutcomeValues & { title?: string; note?: string },
  initialFollowUpAt: string | null | undefined,
): Partial<CallLogInput> {
  const picked = values.nextFollowUpAt ? values.nextFollowUpAt.toISOString() : null;
  const initial = initialFollowUpAt ? new Date(initialFollowUpAt).toISOString() : null;
  const followUpChanged = initialFollowUpAt === undefined ? picked !== null : picked !== initial;
  return {
    outcome: values.outcome,
    title: values.title?.trim() ? values.title : undefined,
    note: values.note?.trim() ? values.note : undefined,
    ...(followUpChanged ? { nextFollowUpAt: picked } : {}),
    ...(values.leadStatus ? { status: values.leadStatus } : {}),
  };
}

const followUpPresets = (now = new Date()) => [
  { label: 'Tomorrow 9 AM', value: dayjs(businessClockAfter(now, 1)) },
  { label: 'In 3 days', value: dayjs(businessClockAfter(now, 3)) },
  { label: 'Next week', value: dayjs(businessClockAfter(now, 7)) },
];

/**
 * When the outcome becomes "No answer" or "Left a voicemail" and the person has not touched the
 * follow-up, tomorrow 9 AM (the business's clock) is offered, unless a later follow-up is already
 * set (the one due now is what is being worked). Call from the form's onValuesChange.
 */
export function offerFollowUp(
  form: FormInstance,
  changed: Partial<CallOutcomeValues>,
  followUpTouched: boolean,
  now = new Date(),
): void {
  if (!changed.outcome || followUpTouched || !TRY_AGAIN.includes(changed.outcome)) return;
  const tomorrow = dayjs(businessClockAfter(now, 1));
  const current = form.getFieldValue('nextFollowUpAt') as Dayjs | null | undefined;
  if (current && !current.isBefore(tomorrow)) return;
  form.setFieldsValue({ nextFollowUpAt: tomorrow });
}

const STATUS_CHOICES = LEAD_STATUSES.filter((status) => status !== 'Lost');

/**
 * Outcome, next follow-up and status, validated with the API's schema (`toPayload` builds the body
 * from the whole form). Lost is left to the status menu, which asks why. "Wrong number" says what
 * the drawer will show.
 */
export function CallOutcomeFields({
  form,
  toPayload,
  currentStatus,
}: {
  form: FormInstance;
  toPayload: (values: Record<string, unknown>) => unknown;
  currentStatus?: LeadStatus;
}) {
  const outcome = Form.useWatch('outcome', form) as CallOutcome | undefined;
  const rule = (field: string) => zodRule(callLogSchema, field, toPayload);
  return (
    <>
      <Form.Item label="Outcome" name="outcome" required rules={[rule('outcome')]}>
        <Radio.Group
          optionType="button"
          className="call-outcomes"
          options={CALL_OUTCOMES.map((value) => ({ value, label: CALL_OUTCOME_LABELS[value] }))}
        />
      </Form.Item>
      {outcome === 'wrong_number' ? (
        <Alert
          className="call-outcome-hint"
          type="warning"
          showIcon
          title="The lead's phone will show as a possible wrong number until a call reaches someone. Fix it in the lead's details if you know the right one."
        />
      ) : null}
      <Form.Item
        label={`Next follow-up (${businessZoneLabel()})`}
        name="nextFollowUpAt"
        rules={[rule('nextFollowUpAt')]}
        extra="Empty: no follow-up."
      >
        <BusinessDateTimePicker presets={followUpPresets()} className="full-width" />
      </Form.Item>
      <Form.Item label="Status after the call" name="leadStatus" rules={[rule('status')]}>
        <Select
          allowClear
          placeholder={currentStatus ? `Keep ${currentStatus}` : 'Keep as it is'}
          options={STATUS_CHOICES.map((status) => ({ value: status, label: status }))}
        />
      </Form.Item>
    </>
  );
}
