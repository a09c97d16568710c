import type { HeldSubmission } from '@shine/shared/types';
import { formatFillTime, formatHoneypot } from './held-format.ts';

/**
 * What staff need to judge a held submission beyond the request itself: notes, fill time, where the
 * visit came from, and who sent it. A native <details>, so it opens with Enter or Space and needs no
 * script; every value is a text node, never markup.
 */
export function HeldDetails({ held }: { held: HeldSubmission }) {
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
    ['Client address', held.clientIp ?? 'Unknown'],
    ['User agent', held.userAgent ?? 'Unknown'],
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
      </dl>
    </details>
  );
}
