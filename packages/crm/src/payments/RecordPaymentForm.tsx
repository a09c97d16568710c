import { type ManualPaymentInput, manualPaymentSchema } from '@shine/shared/payments';
import { Button, Form, Input, Radio } from 'antd';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { formatMoney } from './invoice-status.ts';
import { useRecordPayment } from './payments.hooks.ts';

const FIELDS = ['method', 'amount', 'reference'] as const;

interface PaymentFormValues {
  method: 'cash' | 'check';
  amount: string;
  reference?: string;
}

/** Cash or a check staff received: the amount (the balance by default) and a check's number. */
export function RecordPaymentForm({ invoiceId, balance }: { invoiceId: string; balance: string }) {
  const [form] = Form.useForm<PaymentFormValues>();
  const record = useRecordPayment(invoiceId);
  const toast = useToast();
  const method = Form.useWatch('method', form);

  const submit = (values: PaymentFormValues) => {
    const body: ManualPaymentInput = {
      method: values.method,
      amount: values.amount ?? '',
      ...(values.method === 'check' && values.reference?.trim() ? { reference: values.reference } : {}),
    };
    const parsed = manualPaymentSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
      return;
    }
    record.mutate(body, {
      onSuccess: ({ payment }) => {
        toast.success(`${payment.method === 'cash' ? 'Cash' : 'Check'} of ${formatMoney(payment.amount)} recorded`);
        form.resetFields();
      },
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not record the payment', rest.join(' '));
      },
    });
  };

  return (
    <Form<PaymentFormValues>
      form={form}
      name="recordPayment"
      layout="vertical"
      requiredMark={false}
      initialValues={{ method: 'cash', amount: balance }}
      onFinish={submit}
    >
      <Form.Item name="method" label="Received as">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'cash', label: 'Cash' },
            { value: 'check', label: 'Check' },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label="Amount ($)" extra={`The balance is ${formatMoney(balance)}.`}>
        <Input inputMode="decimal" autoComplete="off" maxLength={12} />
      </Form.Item>
      {method === 'check' ? (
        <Form.Item name="reference" label="Check number">
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={record.isPending} className="touch-target">
        Record cash / check
      </Button>
    </Form>
  );
}
