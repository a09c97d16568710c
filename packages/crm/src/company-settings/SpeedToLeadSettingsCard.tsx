import { OPENING_HOURS } from '@shine/shared/business-time';
import { type SpeedToLeadSettings, speedToLeadSettingsSchema, WEEKDAY_NAMES } from '@shine/shared/speed-to-lead';
import { Alert, Button, Checkbox, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useAssignees } from '../team/index.ts';
import { useToast } from '../ui/use-toast.ts';
import { SettingsCard, saveSettings } from '../ui/SettingsCard.tsx';
import { useSpeedToLeadSettings, useSaveSpeedToLeadSettings } from './speed-to-lead-settings.hooks.ts';

/** A cleared select holds undefined; the API's "nobody" is null. */
type FormValues = Omit<SpeedToLeadSettings, 'onDuty' | 'escalateTo'> & {
  onDuty: Array<string | null | undefined>;
  escalateTo: string | null | undefined;
};

const FIELDS = ['enabled', 'sms', 'email', 'onDuty', 'escalateAfterMinutes', 'escalateTo'] as const;

const hour = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
function hoursOf(day: number): string {
  const hours = OPENING_HOURS[day];
  return hours ? `${hour(hours[0])}–${hour(hours[1])}` : 'Closed';
}

function toSettings(values: FormValues): SpeedToLeadSettings {
  return {
    ...values,
    onDuty: WEEKDAY_NAMES.map((_, day) => values.onDuty[day] ?? null),
    escalateTo: values.escalateTo ?? null,
  };
}

/**
 * Speed to lead (admins): who is on duty each day, alerted of each new lead by SMS and/or e-mail, and
 * who hears of a lead nobody answered in time. The warnings come from the server (no phone number,
 * nobody on duty, no transport), after each save.
 */
export function SpeedToLeadSettingsCard() {
  const view = useSpeedToLeadSettings();
  const people = useAssignees();
  const save = useSaveSpeedToLeadSettings();
  const toast = useToast();
  const [form] = Form.useForm<FormValues>();
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (view.data) form.setFieldsValue(view.data.settings);
  }, [view.data, form]);

  const options = (people.data?.items ?? []).map((person) => ({
    value: person.id,
    label: person.away ? `${person.name} (away)` : person.name,
  }));

  const submit = (values: FormValues) =>
    saveSettings({
      form,
      schema: speedToLeadSettingsSchema,
      values: toSettings(values),
      fields: FIELDS,
      save,
      toast,
      messages: { saved: 'Speed-to-lead alerts saved', failed: 'Could not save the alerts' },
    });

  return (
    <SettingsCard title="Speed to lead: on duty and escalation" view={view} skeletonRows={6}>
      {view.data ? (
        <Form<FormValues>
          form={form}
          // Prefixes the fields' ids (leadAlerts_email…): the Team section's dialogs have an "email" field too.
          name="leadAlerts"
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          scrollToFirstError={{ focus: true }}
          className="lead-alerts"
        >
          <Typography.Paragraph className="muted">
            The person on duty hears of each new lead at once by text and e-mail. When nobody has answered it (a call or
            note logged, or the status moved on) within the business minutes below, the escalation contact is alerted
            and the lead is tagged Escalated. Everything shows on the lead's timeline.
          </Typography.Paragraph>
          <Form.Item name="enabled" label="Alert the person on duty of each new lead" valuePropName="checked">
            <Switch />
          </Form.Item>
          <fieldset className="lead-alerts-fieldset">
            <legend>Send by</legend>
            <Form.Item name="sms" valuePropName="checked" noStyle>
              <Checkbox>SMS</Checkbox>
            </Form.Item>
            <Form.Item name="email" valuePropName="checked" noStyle>
              <Checkbox>E-mail</Checkbox>
            </Form.Item>
            <Form.Item shouldUpdate noStyle>
              {() =>
                form.getFieldError('sms').length > 0 ? (
                  <div role="alert" className="ant-form-item-explain-error">
                    {form.getFieldError('sms')[0]}
                  </div>
                ) : null
              }
            </Form.Item>
          </fieldset>
          <fieldset className="lead-alerts-fieldset">
            <legend>On duty</legend>
            <div className="lead-alerts-days">
              {WEEKDAY_NAMES.map((name, day) => (
                <Form.Item
                  key={name}
                  name={['onDuty', day]}
                  label={`${name} (${hoursOf(day)})`}
                  className="lead-alerts-day"
                >
                  <Select allowClear placeholder="Nobody" options={options} loading={people.isPending} />
                </Form.Item>
              ))}
            </div>
          </fieldset>
          <Form.Item
            name="escalateAfterMinutes"
            label="Escalate after (business minutes without an answer)"
            rules={[{ required: true, message: 'Enter a number of minutes' }]}
          >
            <InputNumber min={1} max={480} precision={0} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="escalateTo" label="Escalation contact">
            <Select allowClear placeholder="Nobody (the lead is only tagged)" options={options} />
          </Form.Item>
          <Form.Item
            name="outsideBusinessHours"
            valuePropName="checked"
            label="Alert for quotes outside business hours too"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="respectQuietHours"
            valuePropName="checked"
            label="Leave people alone in their own quiet hours"
          >
            <Switch />
          </Form.Item>
          {enabled && view.data.warnings.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              message="Check before you rely on it"
              description={
                <ul className="plain-list">
                  {view.data.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <Button type="primary" htmlType="submit" loading={save.isPending} className="lead-alerts-save">
            {save.isPending ? 'Saving...' : 'Save alerts'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
