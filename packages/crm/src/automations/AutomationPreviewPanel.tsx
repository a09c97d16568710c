import type { AutomationPreview } from '@shine/shared/automation-rules';
import { type AutomationTrigger, TIME_TRIGGERS } from '@shine/shared/enums';
import { formatCount } from '@shine/shared/format';
import { Alert, Typography } from 'antd';
import { formatDateTime } from '../format/date-time.ts';

const SHOWN_LEADS = 10;

function describeFirstAction(action: NonNullable<AutomationPreview['firstAction']>) {
  switch (action.type) {
    case 'send_email':
      return (
        <>
          <div>To: {action.to}</div>
          <div>Subject: {action.subject}</div>
          <pre className="preview-message">{action.body}</pre>
        </>
      );
    case 'send_sms':
      return (
        <>
          <div>To: {action.to}</div>
          <pre className="preview-message">{action.body}</pre>
        </>
      );
    case 'create_task':
      return (
        <div>
          Task “{action.title}”, due {formatDateTime(action.dueAt)}
        </div>
      );
    case 'update_status':
      return (
        <div>
          Status {action.from} → {action.to}
        </div>
      );
    case 'assign':
      return (
        <div>
          {action.assignee ? `Assign to ${action.assignee.name}` : 'Nobody is available to assign to'}
          {action.roundRobin ? ' (round robin)' : ''}
        </div>
      );
  }
}

/** The answer of the dry run: which leads, and what the first of them would get. Nothing was sent. */
export function AutomationPreviewPanel({
  preview,
  trigger,
}: {
  preview: AutomationPreview;
  trigger: AutomationTrigger;
}) {
  const timed = (TIME_TRIGGERS as readonly AutomationTrigger[]).includes(trigger);
  const first = preview.leads[0];
  return (
    <section className="automation-preview" aria-label="Preview" aria-live="polite">
      <Typography.Text strong>
        {preview.total === 0
          ? 'No lead matches right now.'
          : `${formatCount(preview.total, 'lead')} ${timed ? 'would be acted on at the next check' : `${preview.total === 1 ? 'matches' : 'match'} the conditions now`}.`}
      </Typography.Text>
      {!timed && preview.total > 0 ? (
        <Typography.Paragraph className="muted">
          This rule acts when its event happens; these are the current leads it would have acted on.
        </Typography.Paragraph>
      ) : null}
      {preview.leads.length > 0 ? (
        <ul className="preview-leads">
          {preview.leads.slice(0, SHOWN_LEADS).map((lead) => (
            <li key={lead.id}>
              {lead.name}{' '}
              <span className="muted">
                ({lead.email}, {lead.status})
              </span>
            </li>
          ))}
          {preview.total > SHOWN_LEADS ? <li className="muted">and {preview.total - SHOWN_LEADS} more</li> : null}
        </ul>
      ) : null}
      {first && preview.firstAction ? (
        <Alert
          type="info"
          title={`For ${first.name} (preview only, nothing is sent)`}
          description={describeFirstAction(preview.firstAction)}
        />
      ) : null}
    </section>
  );
}
