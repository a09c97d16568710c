// The lead drawer's quote: the versions, the draft being written, a new version of a sent
// one, and the customer's link once sent. A sent version is frozen: changing it means a new version,
// which replaces it when sent.
import type { Lead } from '@shine/shared/types';
import type { QuoteSent } from '@shine/shared/responses/quotes';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../session/current-user.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import { QuoteDraftForm } from './QuoteDraftForm.tsx';
import { QuoteVersions } from './QuoteVersions.tsx';
import { useCreateQuote, useLeadQuotes } from './quotes.hooks.ts';
import './quote-builder.css';

function SentNotice({ sent, email }: { sent: QuoteSent; email: string }) {
  return (
    <Alert
      type={sent.emailed ? 'success' : 'info'}
      showIcon
      title={sent.emailed ? `Quote v${sent.quote.version} e-mailed to ${email}` : `Quote v${sent.quote.version} sent`}
      description={
        <>
          <span>
            {sent.emailed
              ? 'The customer’s link, to share another way:'
              : 'Copy the customer’s link (e.g. into a text):'}
          </span>
          <Typography.Paragraph copyable={{ text: sent.url, tooltips: ['Copy link', 'Copied'] }} className="quote-link">
            {sent.url}
          </Typography.Paragraph>
        </>
      }
    />
  );
}

export function QuoteBuilder({ lead }: { lead: Lead }) {
  const quotes = useLeadQuotes(lead.id);
  const create = useCreateQuote(lead.id);
  const [sent, setSent] = useState<QuoteSent>();
  const user = useCurrentUser();
  const canWithdraw = user !== undefined && (user.role === 'admin' || lead.assignedTo === user.id);

  if (quotes.isPending) return <LoadingSkeleton rows={4} />;
  if (quotes.isError) return <QueryErrorAlert error={quotes.error} onRetry={() => void quotes.refetch()} />;
  const draft = quotes.data.find((quote) => quote.status === 'draft');
  const latest = quotes.data[0];

  return (
    <section className="quote-builder" aria-labelledby="quote-builder-title">
      <Typography.Title level={2} className="drawer-subtitle" id="quote-builder-title">
        Quote
      </Typography.Title>
      {sent ? <SentNotice sent={sent} email={lead.email} /> : null}
      {draft ? (
        <QuoteDraftForm key={draft.id} quote={draft} onSent={setSent} />
      ) : (
        <div className="quote-start">
          <p className="muted">
            {latest
              ? 'A sent quote cannot change: a new version starts from it and replaces it when sent.'
              : 'No quote yet. The first draft starts from the lead’s instant estimate.'}
          </p>
          <Button
            className="touch-target"
            type={latest ? 'default' : 'primary'}
            loading={create.isPending}
            onClick={() => {
              setSent(undefined);
              create.mutate();
            }}
          >
            {latest ? 'New version' : 'Create quote'}
          </Button>
          {create.isError ? (
            <Alert type="error" showIcon title="The quote was not created" description={errorText(create.error)} />
          ) : null}
        </div>
      )}
      {quotes.data.length > 0 ? <QuoteVersions quotes={quotes.data} canWithdraw={canWithdraw} /> : null}
    </section>
  );
}
