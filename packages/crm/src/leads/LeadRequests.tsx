import {
  IDENTITY_FIELD_LABELS,
  type IdentityField,
  identityDifferences,
  REJECTION_RULE_LABELS,
} from '@shine/shared/intake';
import type { LeadDetail, LeadRequest } from '@shine/shared/types';
import { Alert, Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ToneTag } from '../ui/ToneTag.tsx';
import { DETAILS_DIFFER_COLOR, fullName } from '../format/lead-labels.ts';
import { formatDateTime } from '../format/date-time.ts';
import { identityValue, joinWords } from './lead-requests.ts';
import { useDetailsDecision } from './lead-requests.queries.ts';
import { RequestEstimate } from './RequestEstimate.tsx';

interface Row {
  key: string;
  label: string;
  /** Identity rows are compared with the lead's current details. */
  identity?: IdentityField;
  value: (request: LeadRequest) => ReactNode;
}

function visitOf(request: LeadRequest): string {
  const campaign = [request.utmSource, request.utmMedium, request.utmCampaign].filter(Boolean).join(' / ');
  return [
    request.source,
    campaign && `campaign ${campaign}`,
    request.referrerHost && `from ${request.referrerHost}`,
    request.landingPage && `landed on ${request.landingPage}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

const ROWS: Row[] = [
  { key: 'name', label: 'Name', identity: 'name', value: (r) => fullName(r) },
  { key: 'email', label: 'E-mail', identity: 'email', value: (r) => r.email },
  { key: 'phone', label: 'Phone', identity: 'phone', value: (r) => r.phone },
  { key: 'zipcode', label: 'Zip code', value: (r) => r.zipcode },
  { key: 'home', label: 'Home', value: (r) => `${r.bedrooms} bd / ${r.bathrooms} ba` },
  { key: 'cleaning', label: 'Cleaning', value: (r) => `${r.cleaningType}, ${r.frequency}` },
  { key: 'estimate', label: 'Estimate', value: (r) => <RequestEstimate estimate={r.estimate} /> },
  {
    key: 'notes',
    label: 'Notes',
    value: (r) => (r.notes?.trim() ? <span className="pre-wrap">{r.notes}</span> : '—'),
  },
  { key: 'visit', label: 'Visit', value: visitOf },
];

/** "Details differ": what the flagged request gives, beside the lead's details, and the two choices. */
function DetailsDifferAlert({ lead, request }: { lead: LeadDetail; request: LeadRequest | undefined }) {
  const decide = useDetailsDecision();
  const requestId = lead.detailsDifferRequestId;
  if (!requestId) return null;
  const differences = request ? identityDifferences(lead, request) : [];
  const pending = decide.isPending ? decide.variables?.decision : undefined;
  return (
    <Alert
      type="warning"
      showIcon
      // A standing notice, not an interruption: it is there whenever the drawer opens on this lead.
      role="note"
      title="Details differ"
      description={
        <div className="details-differ">
          <p>
            {request
              ? `The request of ${formatDateTime(request.receivedAt)} gives another ${joinWords(
                  differences.map((field) => IDENTITY_FIELD_LABELS[field]),
                )}. The lead keeps its current details until you choose.`
              : 'A repeat request gives another name, e-mail or phone. The lead keeps its current details until you choose.'}
          </p>
          {request && differences.length > 0 ? (
            <ul className="details-differ-list">
              {differences.map((field) => (
                <li key={field}>
                  {IDENTITY_FIELD_LABELS[field]}: <strong>{identityValue(request, field)}</strong> (now{' '}
                  {identityValue(lead, field)})
                </li>
              ))}
            </ul>
          ) : null}
          <div className="details-differ-actions">
            <Button
              type="primary"
              loading={pending === 'apply'}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ leadId: lead.id, requestId, decision: 'apply' })}
            >
              Apply new details
            </Button>
            <Button
              loading={pending === 'dismiss'}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ leadId: lead.id, requestId, decision: 'dismiss' })}
            >
              Keep current details
            </Button>
          </div>
        </div>
      }
    />
  );
}

function RequestHeader({ request, index }: { request: LeadRequest; index: number }) {
  return (
    <th scope="col">
      <span className="request-title">{index === 0 ? 'First request' : `Repeat ${index}`}</span>
      <time className="muted request-date" dateTime={request.receivedAt}>
        {formatDateTime(request.receivedAt)}
      </time>
      {request.releasedFromRule ? (
        <span className="request-released">released from hold ({REJECTION_RULE_LABELS[request.releasedFromRule]})</span>
      ) : null}
    </th>
  );
}

/** Every request side by side, one column each, oldest first; identity values unlike the lead's are marked. */
function RequestsTable({ lead, requests }: { lead: LeadDetail; requests: LeadRequest[] }) {
  const differences = new Map(requests.map((request) => [request.id, identityDifferences(lead, request)]));
  return (
    // A table of many requests scrolls inside this box (not the page); the box takes focus so a
    // keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="table-scroll requests-scroll" aria-label="Side-by-side comparison" tabIndex={0}>
      <table className="requests-table">
        <caption className="visually-hidden">
          Quote requests of {fullName(lead)}, oldest first; “differs” marks a name, e-mail or phone other than the
          lead’s current one
        </caption>
        <thead>
          <tr>
            <td />
            {requests.map((request, index) => (
              <RequestHeader key={request.id} request={request} index={index} />
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {requests.map((request) => {
                const differs = row.identity !== undefined && differences.get(request.id)?.includes(row.identity);
                return differs ? (
                  <td key={request.id} className="request-differs">
                    <strong>{row.value(request)}</strong> <ToneTag color={DETAILS_DIFFER_COLOR}>differs</ToneTag>
                  </td>
                ) : (
                  <td key={request.id}>{row.value(request)}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The lead's quote requests (docs/requirements.md#repeat-requests): a repeat never overwrites who
 * the person is, so every request is shown as sent, and when one names the person differently staff
 * apply it or keep the lead's.
 */
export function LeadRequests({ lead }: { lead: LeadDetail }) {
  // A lead put in the cache from a list or a PATCH answer has no requests until its detail arrives.
  const requests = lead.requests ?? [];
  const flagged = requests.find((request) => request.id === lead.detailsDifferRequestId);
  const titleId = `lead-requests-${lead.id}`;
  return (
    <section aria-labelledby={titleId} className="section-stack lead-requests">
      <Typography.Title level={2} id={titleId} className="drawer-subtitle">
        Requests
      </Typography.Title>
      <DetailsDifferAlert lead={lead} request={flagged} />
      {requests.length === 0 ? (
        <p className="muted">No quote requests recorded.</p>
      ) : (
        <RequestsTable lead={lead} requests={requests} />
      )}
    </section>
  );
}
