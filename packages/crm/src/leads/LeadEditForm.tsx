import { LEAD_PRIORITIES, type LeadPriority } from '@shine/shared/enums';
import { DEFAULT_ESTIMATED_VALUE } from '@shine/shared/constants';
import { leadUpdateSchema } from '@shine/shared/leads';
import type { Lead } from '@shine/shared/types';
import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { businessZoneLabel } from '../format/date-time.ts';
import { businessClockAfter } from '../format/picker-time.ts';
import { BusinessDateTimePicker } from '../ui/BusinessDateTimePicker.tsx';
import { findFormIssues, useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { useLeadUpdateMutation } from './leads.hooks.ts';

interface LeadEditValues {
  priority: LeadPriority;
  nextFollowUpAt: Dayjs | null;
  estimatedValue: number | null;
  tags: string[];
  notes: string;
}

/** PATCH /api/admin/leads/{id} payload of the drawer's form. */
export function toLeadUpdatePayload(values: Partial<LeadEditValues>) {
  return {
    priority: values.priority,
    nextFollowUpAt: values.nextFollowUpAt ? values.nextFollowUpAt.toISOString() : null,
    estimatedValue: values.estimatedValue ?? null,
    tags: (values.tags ?? []).map((tag) => tag.trim()),
    notes: values.notes?.trim() ? values.notes : null,
  };
}

const rule = (field: string) => zodRule(leadUpdateSchema, field, toLeadUpdatePayload);

function initialValuesOf(lead: Lead): LeadEditValues {
  return {
    priority: lead.priority,
    nextFollowUpAt: lead.nextFollowUpAt ? dayjs(lead.nextFollowUpAt) : null,
    estimatedValue: lead.estimatedValue,
    tags: lead.tags,
    notes: lead.notes ?? '',
  };
}

/** 9 AM on the business's clock, one, three or seven days on. */
const followUpPresets = (now = new Date()) => [
  { label: 'Tomorrow 9 AM', value: dayjs(businessClockAfter(now, 1)) },
  { label: 'In 3 days', value: dayjs(businessClockAfter(now, 3)) },
  { label: 'Next week', value: dayjs(businessClockAfter(now, 7)) },
];

/** Staff set the next follow-up, estimated value, priority, tags and notes of a lead. */
export function LeadEditForm({ lead }: { lead: Lead }) {
  const [form] = Form.useForm<LeadEditValues>();
  const update = useLeadUpdateMutation();
  const { validateTrigger, markSubmitted } = useSubmitValidation();
  const [formIssues, setFormIssues] = useState<string[]>([]);

  return (
    <Form<LeadEditValues>
      form={form}
      layout="vertical"
      validateTrigger={validateTrigger}
      initialValues={initialValuesOf(lead)}
      onFinishFailed={markSubmitted}
      onFinish={(values) => {
        markSubmitted();
        const payload = toLeadUpdatePayload(values);
        const issues = findFormIssues(leadUpdateSchema, payload);
        setFormIssues(issues);
        const parsed = leadUpdateSchema.safeParse(payload);
        if (!parsed.success) return;
        update.mutate({ id: lead.id, changes: parsed.data });
      }}
      className="lead-edit-form"
    >
      {formIssues.length > 0 ? <Alert type="error" showIcon title={formIssues.join(' ')} /> : null}
      <div className="form-grid">
        <Form.Item
          label={`Next follow-up (${businessZoneLabel()})`}
          name="nextFollowUpAt"
          rules={[rule('nextFollowUpAt')]}
        >
          <BusinessDateTimePicker presets={followUpPresets()} className="full-width" />
        </Form.Item>
        <Form.Item
          label="Estimated value"
          name="estimatedValue"
          rules={[rule('estimatedValue')]}
          extra={`Empty counts as $${DEFAULT_ESTIMATED_VALUE}.`}
        >
          <InputNumber<number>
            prefix="$"
            min={0}
            step={25}
            precision={2}
            className="full-width"
            placeholder={String(DEFAULT_ESTIMATED_VALUE)}
          />
        </Form.Item>
        <Form.Item label="Priority" name="priority" rules={[rule('priority')]}>
          <Select options={LEAD_PRIORITIES.map((priority) => ({ value: priority, label: priority }))} />
        </Form.Item>
        <Form.Item label="Tags" name="tags" rules={[rule('tags')]}>
          <Select
            mode="tags"
            tokenSeparators={[',']}
            placeholder="Add tags"
            notFoundContent="Type a tag and press Enter"
          />
        </Form.Item>
      </div>
      <Form.Item label="Notes" name="notes" rules={[rule('notes')]}>
        <Input.TextArea rows={4} maxLength={5000} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </Form>
  );
}
