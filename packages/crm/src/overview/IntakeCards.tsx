import { REJECTION_RULE_LABELS, SPAM_RULES } from '@shine/shared/intake';
import { Card, Empty, Statistic } from 'antd';
import { formatBusinessMinutes } from '../format/date-time.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useIntakeReport } from './reports.hooks.ts';
import './intake.css';
import { sectionPath } from '../navigation/index.ts';

const minutesOrDash = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? '—' : formatBusinessMinutes(minutes);

/** Speed to Lead: median business minutes to first staff activity (last 30 days), by source; leads still waiting. */
export function SpeedToLeadCard() {
  const report = useIntakeReport();
  const data = report.data;
  return (
    <Card title="Speed to Lead" loading={report.isPending} data-testid="speed-to-lead">
      {report.isError ? <QueryErrorAlert error={report.error} onRetry={() => void report.refetch()} /> : null}
      {data ? (
        <div className="section-stack">
          <div className="intake-stats">
            <Statistic
              title={`Median, last ${data.windowDays} days`}
              value={minutesOrDash(data.speedToLead.medianMinutes)}
            />
            <Statistic
              title="Not contacted in time"
              value={data.awaitingContact}
              styles={{ content: data.awaitingContact > 0 ? { color: '#b42318' } : undefined }}
            />
          </div>
          {data.speedToLead.bySource.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No contacted leads in this period." />
          ) : (
            <table className="intake-table">
              <caption className="visually-hidden">Median speed to lead by source</caption>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Median</th>
                  <th scope="col">Leads</th>
                </tr>
              </thead>
              <tbody>
                {data.speedToLead.bySource.map((row) => (
                  <tr key={row.source}>
                    <th scope="row">{row.source}</th>
                    <td>{minutesOrDash(row.medianMinutes)}</td>
                    <td>{row.contacted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="muted">Business hours only: Mon–Fri 8–6, Sat 9–4.</p>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Held for review: quote requests a spam rule held (waiting now, by rule), which staff release or
 * delete in the Held section; beside them, what the rate limit refused outright (last 30 days), the
 * one catch that is not stored because the visitor is told to try again.
 */
export function HeldForReviewCard() {
  const report = useIntakeReport();
  const data = report.data;
  return (
    <Card title="Held for review" loading={report.isPending} data-testid="held-for-review">
      {report.isError ? <QueryErrorAlert error={report.error} onRetry={() => void report.refetch()} /> : null}
      {data ? (
        <div className="section-stack">
          <Statistic
            title="Waiting for review"
            value={data.held.waiting}
            styles={{ content: data.held.waiting > 0 ? { color: '#b54708' } : undefined }}
          />
          <ul className="intake-rules" aria-label="Waiting by rule">
            {SPAM_RULES.map((rule) => (
              <li key={rule}>
                <span>{REJECTION_RULE_LABELS[rule]}</span>
                <span>{data.held.byRule[rule]}</span>
              </li>
            ))}
          </ul>
          <ul className="intake-rules">
            <li>
              <span>Refused: too many from one client, last {data.windowDays} days</span>
              <span>{data.rejections.byRule.rate_limited}</span>
            </li>
          </ul>
          <ButtonLink to={sectionPath('held')} className="touch-target">
            Review held submissions
          </ButtonLink>
        </div>
      ) : null}
    </Card>
  );
}
