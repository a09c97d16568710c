import { type CallSettings, callSettingsSchema, QUOTE_LINK_PLACEHOLDER } from '@shine/shared/calls';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { useToast } from '../ui/use-toast.ts';
import { useCallSettings, useSaveCallSettings } from './call-settings.hooks.ts';
import { SettingsCard, saveSettings } from '../ui/SettingsCard.tsx';

const FIELDS = ['ringSeconds', 'textTemplate'] as const;

/**
 * Calls to the company number (admins): how long the phones of the person on duty and the escalation
 * contact ring before the call counts as missed, and the text a missed caller gets back.
 */
export function CallSettingsCard() {
  const view = useCallSettings();
  const save = useSaveCallSettings();
  const toast = useToast();
  const [form] = Form.useForm<CallSettings>();

  useEffect(() => {
    if (view.data) form.setFieldsValue(view.data);
  }, [view.data, form]);

  const submit = (values: CallSettings) =>
    saveSettings({
      form,
      schema: callSettingsSchema,
      values,
      fields: FIELDS,
      save,
      toast,
      messages: { saved: 'Call settings saved', failed: 'Could not save the call settings' },
    });

  return (
    <SettingsCard title="Missed calls" view={view} skeletonRows={2}>
      {view.data ? (
        <Form<CallSettings> form={form} name="callSettings" layout="vertical" requiredMark={false} onFinish={submit}>
          <Typography.Paragraph className="muted">
            A call to the company number rings the person on duty and the escalation contact. When nobody answers, the
            caller gets this text once (not again to the same number within 12 hours, never after STOP).
          </Typography.Paragraph>
          <Form.Item name="ringSeconds" label="Ring for (seconds)">
            <InputNumber min={5} max={60} step={5} />
          </Form.Item>
          <Form.Item
            name="textTemplate"
            label="Text to a missed caller"
            extra={`${QUOTE_LINK_PLACEHOLDER} becomes the link to the quote form.`}
          >
            <Input.TextArea rows={3} maxLength={320} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save call settings'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
