import { type ManualPaymentInput, manualPaymentSchema } from '@shine/shared/payments';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Form, Input, Radio } from 'antd';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';

const FIELDS = ['method', 'amount', 'reference'] as const;

interface CashOrCheckValues {
  method: 'cash' | 'check';
  amount?: string;
  reference?: string;
}

/** What one form of cash or a check says: its labels, and the toasts of its answer. */
export interface CashOrCheckWords {
  /** The form's name (its fields' ids start with it). */
  name: string;
  method: string;
  amount: string;
  amountHint: string;
  reference: string;
  submit: string;
  /** "Could not record the payment". */
  failed: string;
}

/**
 * Cash or a check staff received, checked as the API checks it before it is sent: the method, the
 * amount (`initialAmount` filled in) and a check's number. A payment of an invoice and a tip for the
 * crew are both one of these, each with its own words and call.
 */
export function CashOrCheckForm<Answer>({
  words,
  initialAmount,
  primary = false,
  record,
  recorded,
}: {
  words: CashOrCheckWords;
  initialAmount?: string;
  primary?: boolean;
  record: UseMutationResult<Answer, Error, ManualPaymentInput>;
  /** The success toast's text. */
  recorded: (answer: Answer) => string;
}) {
  const [form] = Form.useForm<CashOrCheckValues>();
  const toast = useToast();
  const method = Form.useWatch('method', form);

  const submit = (values: CashOrCheckValues) => {
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
      onSuccess: (answer) => {
        toast.success(recorded(answer));
        form.resetFields();
      },
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error(words.failed, rest.join(' '));
      },
    });
  };

  return (
    <Form<CashOrCheckValues>
      form={form}
      name={words.name}
      layout="vertical"
      requiredMark={false}
      initialValues={{ method: 'cash', ...(initialAmount === undefined ? {} : { amount: initialAmount }) }}
      onFinish={submit}
    >
      <Form.Item name="method" label={words.method}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'cash', label: 'Cash' },
            { value: 'check', label: 'Check' },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label={words.amount} extra={words.amountHint}>
        <Input inputMode="decimal" autoComplete="off" maxLength={12} />
      </Form.Item>
      {method === 'check' ? (
        <Form.Item name="reference" label={words.reference}>
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
      ) : null}
      <Button
        {...(primary ? { type: 'primary' as const } : {})}
        htmlType="submit"
        loading={record.isPending}
        className="touch-target"
      >
        {words.submit}
      </Button>
    </Form>
  );
}
