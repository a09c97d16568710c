import { automationActionSchema, automationConditionsSchema, automationCreateSchema } from '@shine/shared/automations';
import {
  ACTION_LABELS,
  ACTION_TYPES,
  AUTOMATION_TRIGGERS,
  CLEANING_TYPES,
  FREQUENCIES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  TRIGGER_LABELS,
} from '@shine/shared/enums';
import type { Automation } from '@shine/shared/types';
import { Alert, Button, Checkbox, Divider, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { saveParsedForm, useSubmitValidation, zodRule } from '../ui/form-validation.ts';
import { ROUND_ROBIN } from '@shine/shared/automations';
import { useAssignees } from '../team/index.ts';
import { useTemplates } from '../templates/index.ts';
import {
  type AutomationFormValues,
  buildAction,
  buildConditions,
  conditionFieldsFor,
  DEFAULT_AUTOMATION_VALUES,
  fromAutomation,
  type TextsCondition,
  toAutomationPayload,
} from './automation-form.ts';
import { AutomationPreviewPanel } from './AutomationPreviewPanel.tsx';
import { useCreateAutomation, useUpdateAutomation } from './automations.hooks.ts';
import { usePreviewAutomation } from './runs.hooks.ts';
import { errorText } from '../ui/error-text.ts';

const ruleOf = (field: string) => zodRule(automationCreateSchema, field, toAutomationPayload);
const actionRule = (field: string) => zodRule(automationActionSchema, field, buildAction);
const conditionRule = (field: string) => zodRule(automationConditionsSchema, field, buildConditions);

const ACTION_OPTIONS = ACTION_TYPES.map((type) => ({ value: type, label: ACTION_LABELS[type] }));

const TEXTS_OPTIONS: Array<{ value: TextsCondition; label: string }> = [
  { value: 'allowed', label: 'Customers who agreed to texts' },
  { value: 'not_allowed', label: 'Customers who did not agree to texts (or replied STOP)' },
];

const statusOptions = LEAD_STATUSES.map((status) => ({ value: status, label: status }));
const anyOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

interface AutomationFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The rule being edited; a new one when absent. */
  automation?: Automation;
}

/** New / Edit Automation: name, description, trigger, conditions, action and the active switch. */
export function AutomationFormDialog({ open, onClose, automation }: AutomationFormDialogProps) {
  const [form] = Form.useForm<AutomationFormValues>();
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const templates = useTemplates();
  const assignees = useAssignees();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();
  const trigger = Form.useWatch('trigger', form) ?? DEFAULT_AUTOMATION_VALUES.trigger;
  const actionType = Form.useWatch('actionType', form) ?? DEFAULT_AUTOMATION_VALUES.actionType;
  const fields = conditionFieldsFor(trigger);
  const pending = create.isPending || update.isPending;
  const preview = usePreviewAutomation();

  /** The dry run of the rule as it stands in the form (saved or not): nothing is sent. */
  const runPreview = () => {
    const payload = toAutomationPayload(form.getFieldsValue(true));
    preview.mutate({
      ...payload,
      trigger: payload.trigger ?? 'lead_created',
      ...(automation ? { id: automation.id } : {}),
    });
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    markSubmitted();
    await saveParsedForm(form, automationCreateSchema, toAutomationPayload, (payload) => {
      if (automation) update.mutate({ id: automation.id, changes: payload }, { onSuccess: close });
      else create.mutate(payload, { onSuccess: close });
    });
  };

  const templateType = actionType === 'send_sms' ? 'sms' : 'email';
  const templateOptions = (templates.data ?? [])
    .filter((template) => template.type === templateType)
    .map((template) => ({
      value: template.id,
      label: template.isActive ? template.name : `${template.name} (inactive)`,
    }));

  return (
    <Modal
      title={automation ? 'Edit Automation' : 'New Automation'}
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText={pending ? 'Saving...' : automation ? 'Save Changes' : 'Create Automation'}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
      width={640}
    >
      <Form<AutomationFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        validateTrigger={validateTrigger}
        initialValues={automation ? fromAutomation(automation) : DEFAULT_AUTOMATION_VALUES}
      >
        <Form.Item label="Name" name="name" required rules={[ruleOf('name')]}>
          <Input maxLength={200} placeholder="e.g. Welcome e-mail for new leads" />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[ruleOf('description')]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <div className="form-grid">
          <Form.Item label="Trigger" name="trigger" required rules={[ruleOf('trigger')]}>
            <Select options={AUTOMATION_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }))} />
          </Form.Item>
          <Form.Item label="Active" name="isActive" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>

        <Divider titlePlacement="start">Conditions (optional)</Divider>
        <div className="form-grid">
          {fields.fromToStatus ? (
            <>
              <Form.Item label="From status" name="fromStatus" rules={[conditionRule('fromStatus')]}>
                <Select allowClear placeholder="Any status" options={statusOptions} />
              </Form.Item>
              <Form.Item label="To status" name="toStatus" rules={[conditionRule('toStatus')]}>
                <Select allowClear placeholder="Any status" options={statusOptions} />
              </Form.Item>
            </>
          ) : null}
          {fields.status ? (
            <Form.Item label="Lead status" name="status" rules={[conditionRule('status')]}>
              <Select allowClear placeholder="Any status" options={statusOptions} />
            </Form.Item>
          ) : null}
          {fields.days ? (
            <Form.Item label={fields.daysLabel} name="days" rules={[conditionRule('days')]}>
              <InputNumber<number> min={1} max={365} precision={0} className="full-width" placeholder="e.g. 3" />
            </Form.Item>
          ) : null}
          {fields.firstVisit ? (
            <Form.Item name="firstVisit" valuePropName="checked" rules={[conditionRule('firstVisit')]}>
              <Checkbox className="touch-target">
                Only the customer’s first completed visit (once per customer)
              </Checkbox>
            </Form.Item>
          ) : null}
          <Form.Item label="Texts" name="texts" rules={[conditionRule('textsAllowed')]}>
            <Select allowClear placeholder="Any customer" options={TEXTS_OPTIONS} />
          </Form.Item>
          <Form.Item label="Priority" name="priority" rules={[conditionRule('priority')]}>
            <Select allowClear placeholder="Any priority" options={anyOf(LEAD_PRIORITIES)} />
          </Form.Item>
          <Form.Item label="Cleaning type" name="cleaningType" rules={[conditionRule('cleaningType')]}>
            <Select allowClear placeholder="Any type" options={anyOf(CLEANING_TYPES)} />
          </Form.Item>
          <Form.Item label="Frequency" name="frequency" rules={[conditionRule('frequency')]}>
            <Select allowClear placeholder="Any frequency" options={anyOf(FREQUENCIES)} />
          </Form.Item>
          <Form.Item label="Source" name="source" rules={[conditionRule('source')]}>
            <Input maxLength={100} placeholder="Any source, e.g. Website Form" />
          </Form.Item>
        </div>

        <Divider titlePlacement="start">Action</Divider>
        <div className="form-grid">
          <Form.Item label="Action" name="actionType" required rules={[actionRule('type')]}>
            <Select options={ACTION_OPTIONS} />
          </Form.Item>
          {actionType === 'send_email' || actionType === 'send_sms' ? (
            <Form.Item
              label={actionType === 'send_sms' ? 'SMS template' : 'Email template'}
              name="templateId"
              required
              rules={[actionRule('templateId')]}
            >
              <Select
                placeholder="Choose a template"
                loading={templates.isPending}
                options={templateOptions}
                notFoundContent={`No ${templateType === 'sms' ? 'SMS' : 'email'} templates yet. Create one under Templates.`}
              />
            </Form.Item>
          ) : null}
          {actionType === 'create_task' ? (
            <>
              <Form.Item label="Task title" name="taskTitle" required rules={[actionRule('title')]}>
                <Input maxLength={200} placeholder="e.g. Call to book a walkthrough" />
              </Form.Item>
              <Form.Item label="Due in (hours)" name="dueInHours" rules={[actionRule('dueInHours')]}>
                <InputNumber<number> min={0} max={24 * 365} precision={0} className="full-width" />
              </Form.Item>
            </>
          ) : null}
          {actionType === 'assign' ? (
            <Form.Item
              label="Assign to"
              name="assignTo"
              required
              rules={[actionRule('to')]}
              extra="Round robin takes turns among the sales reps who are not away and under their open-lead cap. A lead someone already holds keeps its assignee."
            >
              <Select
                loading={assignees.isPending}
                options={[
                  { value: ROUND_ROBIN, label: 'Round robin (available sales reps)' },
                  ...(assignees.data?.items ?? []).map((person) => ({ value: person.id, label: person.name })),
                ]}
              />
            </Form.Item>
          ) : null}
          {actionType === 'update_status' ? (
            <Form.Item
              label="New status"
              name="newStatus"
              required
              rules={[{ required: true, message: 'Choose a status' }, actionRule('status')]}
            >
              <Select placeholder="Choose a status" options={statusOptions} />
            </Form.Item>
          ) : null}
        </div>
      </Form>
      <div className="preview-toolbar">
        <Button onClick={runPreview} loading={preview.isPending}>
          Preview
        </Button>
        <span className="muted">Lists the leads this rule would act on right now. Nothing is sent.</span>
      </div>
      {preview.isError ? <Alert type="error" showIcon title={errorText(preview.error) ?? 'Preview failed'} /> : null}
      {preview.data && !preview.isError ? <AutomationPreviewPanel preview={preview.data} trigger={trigger} /> : null}
    </Modal>
  );
}
