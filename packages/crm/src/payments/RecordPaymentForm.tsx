import { CashOrCheckForm } from './CashOrCheckForm.tsx';
import { formatMoney } from './invoice-status.ts';
import { useRecordPayment } from './payments.hooks.ts';

/** Cash or a check staff received: the amount (the balance by default) and a check's number. */
export function RecordPaymentForm({ invoiceId, balance }: { invoiceId: string; balance: string }) {
  return (
    <CashOrCheckForm
      words={{
        name: 'recordPayment',
        method: 'Received as',
        amount: 'Amount ($)',
        amountHint: `The balance is ${formatMoney(balance)}.`,
        reference: 'Check number',
        submit: 'Record cash / check',
        failed: 'Could not record the payment',
      }}
      initialAmount={balance}
      primary
      record={useRecordPayment(invoiceId)}
      recorded={({ payment }) =>
        `${payment.method === 'cash' ? 'Cash' : 'Check'} of ${formatMoney(payment.amount)} recorded`
      }
    />
  );
}
