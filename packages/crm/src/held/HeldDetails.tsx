import type { HeldSubmission } from '@shine/shared/types';
import { Button } from 'antd';
import { formatFillTime, formatHoneypot } from './held-format.ts';
import { useIsAdmin } from '../session/current-user.ts';
import { useShowHeldClientAddress } from './held.hooks.ts';

/**
 * What staff need to judge a held submission beyond the request itself: notes, fill time, where the
 * visit came from, and (admins only) who sent it. A native <details>, so it opens with Enter or Space;
 * every value is a text node, never markup.
 */
export function HeldDetails({ held }: { held: HeldSubmission }) {
  const isAdmin = useIsAdmin();
  const { payload } = held;
  const attribution = payload.attribution ?? {};
  const campaign = [attribution.utmSource, attribution.utmMedium, attribution.utmCampaign].filter(Boolean).join(' / ');
  const facts: Array<[string, string]> = [
    ['Notes', payload.notes?.trim() ? payload.notes : '—'],
    ['Fill time', formatFillTime(payload.elapsedMs)],
    ['Hidden field (honeypot)', formatHoneypot(payload.website)],
    ['UTM campaign', campaign || '—'],
    ['Referrer', attribution.referrerHost || '—'],
    ['Landing page', attribution.landingPage || '—'],
  ];
  return (
    <details className="held-more">
      <summary>More details</summary>
      <dl className="held-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={label === 'Notes' ? 'pre-wrap' : undefined}>{value}</dd>
          </div>
        ))}
        {isAdmin ? <SenderFacts held={held} /> : null}
      </dl>
      {isAdmin ? null : <p className="muted">Where a held request came from is shown to admins only.</p>}
    </details>
  );
}

/**
 * Who sent it, for admins: the network (/24, /48) and the user agent; the full address only when
 * an admin asks for it, which the audit trail records.
 */
function SenderFacts({ held }: { held: HeldSubmission }) {
  const show = useShowHeldClientAddress();
  const full = show.data?.clientIp;
  return (
    <>
      <div>
        <dt>Sender’s network</dt>
        <dd>
          {full ?? held.clientIp ?? 'Unknown'}
          {held.clientIp && full === undefined ? (
            <>
              {' '}
              <Button size="small" loading={show.isPending} onClick={() => show.mutate(held.id)}>
                Show full address
              </Button>
            </>
          ) : null}
          {full !== undefined ? <span className="muted"> (full address; your look is in the audit trail)</span> : null}
        </dd>
      </div>
      <div>
        <dt>User agent</dt>
        <dd>{held.userAgent ?? 'Unknown'}</dd>
      </div>
    </>
  );
}
