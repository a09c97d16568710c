import { type PaymentSettingsInput, paymentSettingsSchema } from '@shine/shared/payments';
import type { PaymentSettings } from '@shine/shared/payments';
import { Button, Form, Input, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { SettingsCard, saveSettings } from '../ui/SettingsCard.tsx';
import { useToast } from '../ui/use-toast.ts';
import { usePaymentSettings, useSavePaymentSettings } from './payments.hooks.ts';

const FIELDS = ['taxRatePercent', 'cancellationFee', 'retryDays', 'tipsEnabled'] as const;

interface FormValues {
  taxRatePercent: string;
  cancellationFee: string;
  /** "1, 3, 5" */
  retryDays: string;
  tipsEnabled: boolean;
}

const toFormValues = (settings: PaymentSettings): FormValues => ({
  taxRatePercent: settings.taxRatePercent,
  cancellationFee: settings.cancellationFee ?? '',
  retryDays: settings.retryDays.join(', '),
  tipsEnabled: settings.tipsEnabled,
});

/** The form's words as the API's body (the schema judges them). */
function fromFormValues(values: FormValues): PaymentSettingsInput {
  const fee = values.cancellationFee?.trim() ?? '';
  return {
    taxRatePercent: values.taxRatePercent ?? '',
    cancellationFee: fee === '' ? null : fee,
    retryDays: (values.retryDays ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((day) => (/^\d+$/.test(day) ? Number(day) : Number.NaN)),
    tipsEnabled: values.tipsEnabled === true,
  };
}

/** The payment settings (admins): the sales tax of new quotes and of invoices without one, the cancellation fee, card retries, tips. */
export function PaymentSettingsForm() {
  const view = usePaymentSettings();
  const save = useSavePaymentSettings();
  const toast = useToast();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (view.data) form.setFieldsValue(toFormValues(view.data));
  }, [view.data, form]);

  return (
    <SettingsCard title="Payments" view={view} skeletonRows={4}>
      {view.data ? (
        <Form<FormValues>
          form={form}
          name="paymentSettings"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            saveSettings({
              form,
              schema: paymentSettingsSchema,
              values: fromFormValues(values),
              fields: FIELDS,
              save,
              toast,
              messages: { saved: 'Payment settings saved', failed: 'Could not save the payment settings' },
            })
          }
        >
          <Typography.Paragraph className="muted">
            New quotes start at this rate, and invoices for visits booked without a quote use it. A quote already sent,
            and the invoices of its visits, keep the rate the customer accepted.
          </Typography.Paragraph>
          <Form.Item
            name="taxRatePercent"
            label="Sales tax rate (%)"
            extra="Texas taxes house cleaning: 6.25 % state plus your city's share, 8.25 % in most of DFW."
          >
            <Input inputMode="decimal" autoComplete="off" maxLength={6} />
          </Form.Item>
          <Form.Item
            name="cancellationFee"
            label="Late-cancellation fee ($)"
            extra="Charged for a cancellation inside 24 hours or a no-show. Leave empty for none."
          >
            <Input inputMode="decimal" autoComplete="off" maxLength={10} />
          </Form.Item>
          <Form.Item
            name="retryDays"
            label="Retry a declined card after (days)"
            extra="Up to three numbers in increasing order, like 1, 3, 5."
          >
            <Input autoComplete="off" maxLength={20} />
          </Form.Item>
          <Form.Item name="tipsEnabled" label="Offer tips for the crew" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save payment settings'}
          </Button>
        </Form>
      ) : null}
    </SettingsCard>
  );
}
