import {
  REJECTION_RULE_LABELS,
  REQUEST_FIELD_LABELS,
  type RequestField,
  requestDifferences,
} from '@shine/shared/intake';
import type { LeadDetail, LeadRequest } from '@shine/shared/types';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { ToneTag } from '../ui/ToneTag.tsx';
import { DETAILS_DIFFER_COLOR, fullName } from '../format/lead-labels.ts';
import { formatDateTime } from '../format/date-time.ts';
import { joinWords, requestValue } from './lead-requests.ts';
import { useDetailsDecision, useSplitRequest } from './lead-requests.hooks.ts';
import { RequestEstimate } from './RequestEstimate.tsx';
import { focusIsInPopupOrLost } from '../ui/popup-focus.ts';

interface Row {
  key: string;
  label: string;
  /** What the row shows that is compared with the lead's current details. */
  fields?: readonly RequestField[];
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
  { key: 'name', label: 'Name', fields: ['name'], value: (r) => fullName(r) },
  { key: 'email', label: 'E-mail', fields: ['email'], value: (r) => r.email },
  { key: 'phone', label: 'Phone', fields: ['phone'], value: (r) => r.phone },
  { key: 'zipcode', label: 'Zip code', fields: ['zipcode'], value: (r) => r.zipcode },
  {
    key: 'home',
    label: 'Home',
    fields: ['bedrooms', 'bathrooms'],
    value: (r) => `${r.bedrooms} bd / ${r.bathrooms} ba`,
  },
  {
    key: 'cleaning',
    label: 'Cleaning',
    fields: ['cleaningType', 'frequency'],
    value: (r) => `${r.cleaningType}, ${r.frequency}`,
  },
  { key: 'estimate', label: 'Estimate', value: (r) => <RequestEstimate estimate={r.estimate} /> },
  {
    key: 'notes',
    label: 'Notes',
    value: (r) => (r.notes?.trim() ? <span className="pre-wrap">{r.notes}</span> : '—'),
  },
  { key: 'visit', label: 'Visit', value: visitOf },
];

/**
 * "Details differ": what the flagged request gives (who the person is, the home and service), beside
 * the lead's details, and the two choices. A repeat never changes them by itself.
 */
function DetailsDifferAlert({ lead, request }: { lead: LeadDetail; request: LeadRequest | undefined }) {
  const decide = useDetailsDecision();
  const requestId = lead.detailsDifferRequestId;
  if (!requestId) return null;
  const differences = request ? requestDifferences(lead, request) : [];
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
                  differences.map((field) => REQUEST_FIELD_LABELS[field]),
                )}. The lead keeps its current details until you choose.`
              : 'A repeat request gives other details. The lead keeps its current details until you choose.'}
          </p>
          {request && differences.length > 0 ? (
            <ul className="details-differ-list">
              {differences.map((field) => (
                <li key={field}>
                  {REQUEST_FIELD_LABELS[field]}: <strong>{requestValue(request, field)}</strong> (now{' '}
                  {requestValue(lead, field)})
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

/**
 * "This is a different person" on a request intake took as the lead's repeat: after a confirmation,
 * the request becomes a lead of its own (alerted as any new lead) and that lead opens.
 */
function SplitRequestButton({
  lead,
  request,
  onOpenLead,
}: {
  lead: LeadDetail;
  request: LeadRequest;
  onOpenLead?: ((leadId: string) => void) | undefined;
}) {
  const split = useSplitRequest(onOpenLead);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Popconfirm
      title={`Make ${fullName(request)}’s request a lead of its own?`}
      description={`It leaves ${fullName(lead)}’s lead and becomes a new lead, alerted like any new one.`}
      okText="Split into a new lead"
      okButtonProps={{ loading: split.isPending }}
      cancelText="Cancel"
      // Focus goes into the confirmation (on the safe choice) and back to the button when it closes
      // from the inside (Cancel, Escape).
      cancelButtonProps={{ autoFocus: true }}
      onOpenChange={(open) => {
        if (!open && focusIsInPopupOrLost()) button.current?.focus();
      }}
      onConfirm={() => split.mutateAsync({ leadId: lead.id, requestId: request.id }).catch(() => undefined)}
    >
      <Button ref={button} size="small" className="request-split" disabled={split.isPending}>
        This is a different person
      </Button>
    </Popconfirm>
  );
}

function RequestHeader({
  lead,
  request,
  index,
  onOpenLead,
}: {
  lead: LeadDetail;
  request: LeadRequest;
  index: number;
  onOpenLead?: ((leadId: string) => void) | undefined;
}) {
  return (
    <th scope="col">
      <span className="request-title">{index === 0 ? 'First request' : `Repeat ${index}`}</span>
      <time className="muted request-date" dateTime={request.receivedAt}>
        {formatDateTime(request.receivedAt)}
      </time>
      {request.releasedFromRule ? (
        <span className="request-released">released from hold ({REJECTION_RULE_LABELS[request.releasedFromRule]})</span>
      ) : null}
      {index > 0 ? <SplitRequestButton lead={lead} request={request} onOpenLead={onOpenLead} /> : null}
    </th>
  );
}

/** Every request side by side, one column each, oldest first; values unlike the lead's are marked. */
function RequestsTable({
  lead,
  requests,
  onOpenLead,
}: {
  lead: LeadDetail;
  requests: LeadRequest[];
  onOpenLead?: ((leadId: string) => void) | undefined;
}) {
  const differences = new Map(requests.map((request) => [request.id, requestDifferences(lead, request)]));
  return (
    // A table of many requests scrolls inside this box (not the page); the box takes focus so a
    // keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="table-scroll requests-scroll" aria-label="Side-by-side comparison" tabIndex={0}>
      <table className="requests-table">
        <caption className="visually-hidden">
          Quote requests of {fullName(lead)}, oldest first; “differs” marks a detail other than the lead’s current one
        </caption>
        <thead>
          <tr>
            <td />
            {requests.map((request, index) => (
              <RequestHeader key={request.id} lead={lead} request={request} index={index} onOpenLead={onOpenLead} />
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {requests.map((request) => {
                const differs = row.fields?.some((field) => differences.get(request.id)?.includes(field)) ?? false;
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
 * the person is nor what the lead asks for, so every request is shown as sent; when one differs staff
 * apply it or keep the lead's, and one that is another person's is split into a lead of its own.
 */
export function LeadRequests({
  lead,
  onOpenLead,
}: {
  lead: LeadDetail;
  onOpenLead?: ((leadId: string) => void) | undefined;
}) {
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
        <RequestsTable lead={lead} requests={requests} onOpenLead={onOpenLead} />
      )}
    </section>
  );
}
