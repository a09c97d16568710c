import { type RefundInput, refundSchema } from '@shine/shared/payments';
import { Button, Form, Input } from 'antd';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { formatMoney } from './invoice-status.ts';
import { useRefundPayment } from './payments.hooks.ts';

const FIELDS = ['amount', 'reason'] as const;

interface RefundFormValues {
  amount?: string;
  reason: string;
}

/** An admin's refund of a card payment: an amount (empty: all that is left) and the reason. */
export function RefundForm({
  invoiceId,
  paymentId,
  onDone,
}: {
  invoiceId: string;
  paymentId: string;
  onDone: () => void;
}) {
  const [form] = Form.useForm<RefundFormValues>();
  const refund = useRefundPayment(invoiceId);
  const toast = useToast();

  const submit = (values: RefundFormValues) => {
    const body: RefundInput = {
      reason: values.reason ?? '',
      ...(values.amount?.trim() ? { amount: values.amount } : {}),
    };
    const parsed = refundSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
      return;
    }
    refund.mutate(
      { paymentId, body },
      {
        onSuccess: ({ payment }) => {
          toast.success(
            payment.status === 'refunded'
              ? 'Payment refunded in full'
              : `Refund of ${formatMoney(body.amount ?? '')} made`,
          );
          onDone();
        },
        onError: (error) => {
          const rest = showServerIssues(form, error, FIELDS);
          if (rest.length > 0) toast.error('Could not refund the payment', rest.join(' '));
        },
      },
    );
  };

  return (
    <Form<RefundFormValues>
      form={form}
      name={`refund-${paymentId}`}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
    >
      <Form.Item name="amount" label="Amount to refund ($)" extra="Leave empty to refund all that is left.">
        <Input inputMode="decimal" autoComplete="off" maxLength={12} />
      </Form.Item>
      <Form.Item name="reason" label="Reason">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Button type="primary" danger htmlType="submit" loading={refund.isPending} className="touch-target">
        Refund to the card
      </Button>
    </Form>
  );
}
