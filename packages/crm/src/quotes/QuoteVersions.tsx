import { formatAmount } from '@shine/shared/quote-pricing';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@shine/shared/quotes';
import type { Quote } from '@shine/shared/responses/quotes';
import { Alert, Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { formatDateTime } from '../format/date-time.ts';
import { errorText } from '../ui/error-text.ts';
import { focusIsInPopupOrLost } from '../ui/popup-focus.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { quotePdfUrl, useWithdrawQuote } from './quotes.hooks.ts';

/** Token colours with AA contrast on white (format/lead-labels.ts). */
const STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: '#475467',
  sent: '#0b5cad',
  accepted: '#067647',
  declined: '#b42318',
  superseded: '#475467',
  withdrawn: '#b42318',
  expired: '#b54708',
};

function times(quote: Quote): string[] {
  const parts: string[] = [];
  if (quote.sentAt) parts.push(`Sent ${formatDateTime(quote.sentAt)}`);
  if (quote.viewedAt) parts.push(`viewed ${formatDateTime(quote.viewedAt)}`);
  if (quote.answeredAt) parts.push(`answered ${formatDateTime(quote.answeredAt)}`);
  if (quote.validUntil && !quote.answeredAt) parts.push(`valid until ${formatDateTime(quote.validUntil)}`);
  return parts;
}

/** A sent or accepted version can be withdrawn (with a confirmation): its link then books nothing. */
function WithdrawQuote({ quote }: { quote: Quote }) {
  const withdraw = useWithdrawQuote(quote.leadId);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Popconfirm
        title={`Withdraw quote v${quote.version}?`}
        description="The customer’s link will say the quote was withdrawn and book nothing. A booking already made stays until you cancel it."
        okText="Withdraw"
        okButtonProps={{ danger: true, loading: withdraw.isPending }}
        cancelText="Keep it"
        cancelButtonProps={{ autoFocus: true }}
        onOpenChange={(open) => {
          if (!open && focusIsInPopupOrLost()) button.current?.focus();
        }}
        onConfirm={() => withdraw.mutateAsync(quote.id).catch(() => undefined)}
      >
        <Button
          ref={button}
          danger
          size="small"
          className="touch-target"
          aria-label={`Withdraw quote v${quote.version}`}
        >
          Withdraw quote
        </Button>
      </Popconfirm>
      {withdraw.isError ? (
        <Alert type="error" showIcon title="The quote was not withdrawn" description={errorText(withdraw.error)} />
      ) : null}
    </>
  );
}

/**
 * Every version of the lead's quote, newest first: status, total, its times, its answer and its PDF;
 * `canWithdraw` (an admin or the lead's assignee; the server checks) offers withdrawing a standing one.
 */
export function QuoteVersions({ quotes, canWithdraw }: { quotes: readonly Quote[]; canWithdraw: boolean }) {
  return (
    <ol className="quote-versions" aria-label="Quote versions" reversed>
      {quotes.map((quote) => (
        <li key={quote.id}>
          <div className="quote-version-head">
            <strong>v{quote.version}</strong>
            <ToneTag color={STATUS_COLORS[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</ToneTag>
            <span>{formatAmount(quote.total)}</span>
            <a
              className="touch-link"
              href={quotePdfUrl(quote.id)}
              download
              aria-label={`PDF of quote v${quote.version}`}
            >
              PDF
            </a>
          </div>
          {times(quote).length > 0 ? <div className="muted">{times(quote).join(' · ')}</div> : null}
          {quote.acceptance ? <div>Accepted by “{quote.acceptance.name}”</div> : null}
          {quote.status === 'declined' ? <div>Declined: {quote.declineReason ?? 'no reason given'}</div> : null}
          {canWithdraw && (quote.status === 'sent' || quote.status === 'accepted') ? (
            <WithdrawQuote quote={quote} />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
