import { formatAmount } from '@shine/shared/quote-pricing';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@shine/shared/quotes';
import type { Quote } from '@shine/shared/responses/quotes';
import { formatDateTime } from '../format/date-time.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { quotePdfUrl } from './quotes.queries.ts';

/** Token colours with AA contrast on white (format/lead-labels.ts). */
const STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: '#475467',
  sent: '#0b5cad',
  accepted: '#067647',
  declined: '#b42318',
  superseded: '#475467',
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

/** Every version of the lead's quote, newest first: status, total, its times, its answer and its PDF. */
export function QuoteVersions({ quotes }: { quotes: readonly Quote[] }) {
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
        </li>
      ))}
    </ol>
  );
}
