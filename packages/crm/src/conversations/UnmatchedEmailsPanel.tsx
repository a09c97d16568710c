import { colors } from '@shine/design-tokens';
import type { UnmatchedEmail } from '@shine/shared/responses/conversations';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { LeadPicker } from '../activities/index.ts';
import { formatDateTime } from '../format/date-time.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';
import { useAttachUnmatchedEmail, useDismissUnmatchedEmail, useUnmatchedEmails } from './unmatched-emails.hooks.ts';

/**
 * One held e-mail: who it claims to be from, when we received it, why it was held and what the mail
 * server's authentication said, the words; staff pick the lead to attach it to, or dismiss it.
 */
function UnmatchedEmailItem({ email }: { email: UnmatchedEmail }) {
  const [leadId, setLeadId] = useState<string | undefined>();
  const attach = useAttachUnmatchedEmail();
  const dismiss = useDismissUnmatchedEmail();
  const sender = email.from ?? 'an unknown sender';
  const titleId = `unmatched-${email.id}`;
  const busy = attach.isPending || dismiss.isPending;
  return (
    <li>
      <article className="unmatched-item" aria-labelledby={titleId} aria-busy={busy}>
        <header className="unmatched-item-head">
          <h3 id={titleId} className="unmatched-item-title">
            From {sender}
          </h3>
          <time className="muted" dateTime={email.receivedAt}>
            {formatDateTime(email.receivedAt)}
          </time>
        </header>
        <p className="unmatched-reason">
          <ToneTag color={colors.warning}>Unmatched e-mail</ToneTag>
          <span>{email.reason}</span>
        </p>
        <p className="unmatched-auth">
          {email.authentication
            ? `Mail server’s authentication check: ${email.authentication}`
            : 'The mail server gave no authentication verdict.'}
        </p>
        {email.subject ? <p className="unmatched-subject">{email.subject}</p> : null}
        <p className="unmatched-body">{email.body}</p>
        {email.suggestedLead ? (
          <p className="unmatched-hint">
            {sender} is the address of {email.suggestedLead.name}. Anyone can write any From: address: check with the
            customer before you act on it.
          </p>
        ) : null}
        <div className="unmatched-actions">
          <LeadPicker
            value={leadId}
            onChange={(next) => setLeadId(next)}
            disabled={busy}
            placeholder="Choose the lead to attach it to"
            aria-label={`Lead to attach the e-mail from ${sender} to`}
          />
          <Button
            type="primary"
            disabled={!leadId || dismiss.isPending}
            loading={attach.isPending}
            onClick={() => {
              if (leadId) attach.mutate({ id: email.id, leadId });
            }}
          >
            Attach
          </Button>
          <Button
            disabled={attach.isPending}
            loading={dismiss.isPending}
            aria-label={`Dismiss the e-mail from ${sender}`}
            onClick={() => dismiss.mutate(email.id)}
          >
            Dismiss
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The Inbox's second list: e-mail the mailbox held because nothing we gave out ties it to a lead. */
export function UnmatchedEmailsPanel() {
  const held = useUnmatchedEmails();
  return (
    <Card className="leads-card">
      <section className="section-stack" aria-labelledby="unmatched-title">
        <Typography.Title level={2} id="unmatched-title" className="drawer-subtitle">
          Unmatched e-mail{held.data && held.data.total > 0 ? ` (${held.data.total})` : ''}
        </Typography.Title>
        <Typography.Paragraph className="muted">
          E-mail that carries no lead’s reply address and answers no e-mail we sent. It is never added to a lead by
          itself: attach it to the lead it belongs to, or dismiss it.
        </Typography.Paragraph>
        {held.isPending ? <LoadingSkeleton rows={2} /> : null}
        {held.isError ? <QueryErrorAlert error={held.error} onRetry={() => void held.refetch()} /> : null}
        {held.data && held.data.items.length === 0 ? <Empty description="No unmatched e-mail." /> : null}
        {held.data && held.data.items.length > 0 ? (
          <ul className="inbox-list" aria-label="Unmatched e-mail">
            {held.data.items.map((email) => (
              <UnmatchedEmailItem key={email.id} email={email} />
            ))}
          </ul>
        ) : null}
      </section>
    </Card>
  );
}
