import { CashOrCheckForm } from './CashOrCheckForm.tsx';
import { formatMoney } from './invoice-status.ts';
import { useRecordTip } from './tips.hooks.ts';

/** A tip the crew of the invoice's visit was handed (cash or a check): theirs, not the invoice's. */
export function RecordTipForm({ visitId }: { visitId: string }) {
  return (
    <details className="record-tip">
      <summary className="touch-target">Record a tip for the crew</summary>
      <CashOrCheckForm
        words={{
          name: 'recordTip',
          method: 'Tip received as',
          amount: 'Tip ($)',
          amountHint: "The crew's: it does not change the invoice's balance.",
          reference: 'Tip check number',
          submit: 'Record tip',
          failed: 'Could not record the tip',
        }}
        record={useRecordTip(visitId)}
        recorded={({ tip }) => `Tip of ${formatMoney(tip.amount)} recorded for ${tip.crewName}`}
      />
    </details>
  );
}
