import type { RejectionRule } from '@shine/shared/intake';
import { Card, Empty, Statistic } from 'antd';
import { formatBusinessMinutes } from '../leads/lead-format.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useIntakeReport } from './reports.queries.ts';
import './intake.css';

const RULE_LABELS: Record<RejectionRule, string> = {
  honeypot: 'Hidden field filled',
  too_fast: 'Sent too fast',
  machine_content: 'Machine-made text',
  rate_limited: 'Too many from one client',
};

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

/** Rejected Submissions: quote requests refused as spam or rate limited (last 30 days); never stored as leads. */
export function RejectedSubmissionsCard() {
  const report = useIntakeReport();
  const data = report.data;
  return (
    <Card title="Rejected Submissions" loading={report.isPending} data-testid="rejected-submissions">
      {data ? (
        <div className="section-stack">
          <Statistic title={`Spam stopped, last ${data.windowDays} days`} value={data.rejections.total} />
          <ul className="intake-rules">
            {(Object.keys(RULE_LABELS) as RejectionRule[]).map((rule) => (
              <li key={rule}>
                <span>{RULE_LABELS[rule]}</span>
                <span>{data.rejections.byRule[rule]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
