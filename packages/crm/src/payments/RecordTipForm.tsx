import { type TipInput, tipInputSchema } from '@shine/shared/tips';
import { Button, Form, Input, Radio } from 'antd';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { formatMoney } from './invoice-status.ts';
import { useRecordTip } from './tips.hooks.ts';

const FIELDS = ['method', 'amount', 'reference'] as const;

interface TipFormValues {
  method: 'cash' | 'check';
  amount?: string;
  reference?: string;
}

/** A tip the crew of the invoice's visit was handed (cash or a check): theirs, not the invoice's. */
export function RecordTipForm({ visitId }: { visitId: string }) {
  const [form] = Form.useForm<TipFormValues>();
  const record = useRecordTip(visitId);
  const toast = useToast();
  const method = Form.useWatch('method', form);

  const submit = (values: TipFormValues) => {
    const body: TipInput = {
      method: values.method,
      amount: values.amount ?? '',
      ...(values.method === 'check' && values.reference?.trim() ? { reference: values.reference } : {}),
    };
    const parsed = tipInputSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
      return;
    }
    record.mutate(body, {
      onSuccess: ({ tip }) => {
        toast.success(`Tip of ${formatMoney(tip.amount)} recorded for ${tip.crewName}`);
        form.resetFields();
      },
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not record the tip', rest.join(' '));
      },
    });
  };

  return (
    <details className="record-tip">
      <summary className="touch-target">Record a tip for the crew</summary>
      <Form<TipFormValues>
        form={form}
        name="recordTip"
        layout="vertical"
        requiredMark={false}
        initialValues={{ method: 'cash' }}
        onFinish={submit}
      >
        <Form.Item name="method" label="Tip received as">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'cash', label: 'Cash' },
              { value: 'check', label: 'Check' },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label="Tip ($)" extra="The crew's: it does not change the invoice's balance.">
          <Input inputMode="decimal" autoComplete="off" maxLength={12} />
        </Form.Item>
        {method === 'check' ? (
          <Form.Item name="reference" label="Tip check number">
            <Input autoComplete="off" maxLength={60} />
          </Form.Item>
        ) : null}
        <Button htmlType="submit" loading={record.isPending} className="touch-target">
          Record tip
        </Button>
      </Form>
    </details>
  );
}
