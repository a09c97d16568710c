// A crew's day (/admin/crm/schedule/crew/{crew}?date=YYYY-MM-DD): made for a phone in a van. The
// visits in order, each with its arrival window, the address and its map link, a call button, the
// customer's notes and the add-ons of the quote they accepted, and Start / Done (Done asks first before
// the arrival window has begun). Printable: the page prints without the CRM around it.
import { PhoneOutlined, PrinterOutlined } from '@ant-design/icons';
import type { AdminVisit } from '@shine/shared/bookings';
import { formatMoney, toTelHref } from '@shine/shared/format';
import { leadOperations } from '@shine/shared/operations/leads';
import { quoteOperations } from '@shine/shared/operations/quotes';
import { addOnLabel } from '@shine/shared/quote-pricing';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { queryOptions } from '../api/client.ts';
import { businessTimeZone, businessZoneLabel, formatCalendarDate, formatTime } from '../format/date-time.ts';
import { leadPath, sectionPath } from '../navigation/index.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import { MapLink } from '../ui/ServiceAddress.tsx';
import { useToast } from '../ui/use-toast.ts';
import { CompleteVisitButton } from './CompleteVisitButton.tsx';
import { crewDayPath, formatMinutes } from './ScheduleDayView.tsx';
import { useSchedulingSettings, useUpdateVisit, useVisits } from './schedule.hooks.ts';
import { crewName, instantOfBusinessWallClock, wallTime } from './wall-time.ts';

const HOUR = 3_600_000;

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
function shiftDate(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What the customer wrote and what they bought beyond the cleaning, read from the lead and its quotes. */
function VisitNotes({ leadId }: { leadId: string }) {
  const lead = useQuery(queryOptions(leadOperations.getLead, { params: { id: leadId } }));
  const quotes = useQuery(queryOptions(quoteOperations.listLeadQuotes, { params: { id: leadId } }));
  if (lead.isPending || quotes.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  const accepted = quotes.data?.items.find((quote) => quote.status === 'accepted');
  const addOns = (accepted?.addOns ?? []).map(
    (addOn) => `${addOnLabel(addOn.key)}${addOn.quantity > 1 ? ` × ${addOn.quantity}` : ''}`,
  );
  const notes = lead.data?.notes?.trim();
  return (
    <dl className="crew-visit-notes">
      <dt>Customer’s notes</dt>
      <dd>{notes || 'None'}</dd>
      <dt>Add-ons</dt>
      <dd>{addOns.length > 0 ? addOns.join(', ') : 'None'}</dd>
    </dl>
  );
}

function CrewVisit({ visit }: { visit: AdminVisit }) {
  const update = useUpdateVisit();
  const toast = useToast();
  const start = async () => {
    try {
      await update.mutateAsync({ id: visit.id, update: { started: true } });
      toast.success('Visit started');
    } catch (error) {
      toast.error('Could not start the visit', errorText(error));
    }
  };
  const state =
    visit.status !== 'scheduled'
      ? visit.status === 'completed'
        ? 'Done'
        : visit.status === 'skipped'
          ? 'Skipped'
          : 'Cancelled'
      : visit.startedAt
        ? `Started ${formatTime(visit.startedAt)}`
        : undefined;
  return (
    <article className={`crew-visit crew-visit--${visit.status}`} aria-labelledby={`crew-visit-${visit.id}`}>
      <Typography.Title level={3} className="crew-visit-title" id={`crew-visit-${visit.id}`}>
        {wallTime(visit.start)}–{wallTime(visit.arrivalEnd)} · {visit.leadName}
      </Typography.Title>
      <p className="crew-visit-meta">
        Arrive between {wallTime(visit.start)} and {wallTime(visit.arrivalEnd)}; about{' '}
        {formatMinutes(visit.durationMinutes)}, done by {wallTime(visit.end)}
        {visit.price ? ` · ${formatMoney(visit.price)}` : ''}
        {state ? <strong className="crew-visit-state"> · {state}</strong> : null}
      </p>
      {visit.address ? (
        <p className="crew-visit-address">
          <span>
            {visit.address.line1}
            {visit.address.line2 ? `, ${visit.address.line2}` : ''}, {visit.address.city} {visit.address.zip}
          </span>{' '}
          <MapLink address={visit.address} />
        </p>
      ) : (
        <p className="crew-visit-address crew-visit-warning">No address on file: call the customer.</p>
      )}
      <VisitNotes leadId={visit.leadId} />
      <Space wrap className="crew-visit-actions">
        {visit.phone ? (
          <Button
            size="large"
            icon={<PhoneOutlined aria-hidden="true" />}
            href={toTelHref(visit.phone)}
            aria-label={`Call ${visit.leadName}, ${visit.phone}`}
          >
            Call
          </Button>
        ) : null}
        {visit.status === 'scheduled' && !visit.startedAt ? (
          <Button size="large" type="primary" loading={update.isPending} onClick={() => void start()}>
            Start
          </Button>
        ) : null}
        {visit.status === 'scheduled' ? (
          <CompleteVisitButton
            start={visit.start}
            name={visit.leadName}
            label="Done"
            ariaLabel={`Done with ${visit.leadName}`}
            size="large"
            pending={update.isPending}
            complete={(confirmEarly) =>
              update.mutateAsync({ id: visit.id, update: { status: 'completed', confirmEarly } })
            }
          />
        ) : null}
        <Link to={leadPath(visit.leadId)} className="crew-visit-lead">
          Open {visit.leadName}
        </Link>
      </Space>
    </article>
  );
}

export function CrewDay({ crew, date }: { crew: number; date: string }) {
  const settings = useSchedulingSettings();
  // The business's day, with an hour's margin either side; the visits are then taken by their own date.
  const range = useMemo(() => {
    const midnight = instantOfBusinessWallClock(date, '00:00', businessTimeZone()) ?? Date.now();
    return { from: new Date(midnight - HOUR).toISOString(), to: new Date(midnight + 25 * HOUR).toISOString() };
  }, [date]);
  const visits = useVisits(range);
  const name = crewName(settings.data?.crews ?? [], crew);
  const items = (visits.data?.items ?? [])
    .filter((visit) => visit.crew === crew && visit.start.slice(0, 10) === date)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return (
    <section className="crew-day" aria-labelledby="crew-day-title">
      <Typography.Title level={2} id="crew-day-title" className="crew-day-title">
        {name} · {formatCalendarDate(date)}
      </Typography.Title>
      <nav aria-label="Days" className="crew-day-nav">
        <Link to={crewDayPath(crew, shiftDate(date, -1))}>Previous day</Link>
        <Link to={crewDayPath(crew, shiftDate(date, 1))}>Next day</Link>
        <Link to={sectionPath('schedule')}>Schedule</Link>
        <Button icon={<PrinterOutlined aria-hidden="true" />} onClick={() => window.print()}>
          Print
        </Button>
      </nav>
      <Typography.Text type="secondary">Times in {businessZoneLabel()}</Typography.Text>
      {visits.error ? <QueryErrorAlert error={visits.error} /> : null}
      {visits.isPending ? <Skeleton active /> : null}
      {!visits.isPending && items.length === 0 ? <Empty description={`No visits for ${name} this day`} /> : null}
      <ol className="crew-day-visits">
        {items.map((visit) => (
          <li key={visit.id}>
            <CrewVisit visit={visit} />
          </li>
        ))}
      </ol>
    </section>
  );
}
