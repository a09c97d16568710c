// The lead drawer's booking: the active booking's frequency and prices and its next visits, each in
// the business's wall clock with its crew's name, and "Cancel booking" (every visit still to come;
// the customer is e-mailed a calendar file that removes them); without one, "Book a visit" opens the
// booking form (the lead's free windows, or any time).
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { formatAmount } from '@shine/shared/quote-pricing';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { queryOptions } from '../api/client.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { formatCalendarDate, businessZoneLabel } from '../format/date-time.ts';
import { BookVisitForm } from './BookVisitForm.tsx';
import { useCancelLeadBooking, useSchedulingSettings } from './schedule.hooks.ts';
import { crewName, wallTime } from './wall-time.ts';

function BookLead({ leadId }: { leadId: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div>
        <Typography.Paragraph type="secondary">No booking yet.</Typography.Paragraph>
        <Button onClick={() => setOpen(true)}>Book a visit</Button>
      </div>
    );
  return (
    <section aria-label="Book a visit">
      <BookVisitForm leadId={leadId} onBooked={() => setOpen(false)} />
      <Button type="link" onClick={() => setOpen(false)}>
        Close the booking form
      </Button>
    </section>
  );
}

export function LeadBooking({ leadId }: { leadId: string }) {
  const booking = useQuery(queryOptions(schedulingOperations.getLeadBooking, { params: { id: leadId } }));
  const cancel = useCancelLeadBooking();
  const crews = useSchedulingSettings().data?.crews ?? [];
  const toast = useToast();
  if (booking.error) return <QueryErrorAlert error={booking.error} onRetry={() => void booking.refetch()} />;
  const data = booking.data?.booking;
  if (!booking.data) return null;
  if (!data) return <BookLead leadId={leadId} />;
  const prices =
    data.firstVisitTotal && data.perVisitTotal && data.frequency !== 'One Time'
      ? ` · first visit ${formatAmount(data.firstVisitTotal)}, then ${formatAmount(data.perVisitTotal)} a visit`
      : data.firstVisitTotal
        ? ` · ${formatAmount(data.firstVisitTotal)}`
        : '';
  return (
    <div>
      <Typography.Paragraph>
        {data.frequency}, about {Math.round(data.durationMinutes / 30) / 2} hours{prices}
      </Typography.Paragraph>
      <ul className="schedule-list">
        {data.visits.slice(0, 6).map((visit) => (
          <li key={visit.id}>
            {formatCalendarDate(visit.start.slice(0, 10))}, arrival {wallTime(visit.start)} –{' '}
            {wallTime(visit.arrivalEnd)} {businessZoneLabel()}, {crewName(crews, visit.crew)}{' '}
            {visit.status === 'scheduled' ? null : <Tag>{visit.status}</Tag>}
            {visit.needsReview ? <Tag color="warning">Check window</Tag> : null}
          </li>
        ))}
      </ul>
      {data.status === 'active' ? (
        <Popconfirm
          title="Cancel every visit still to come? The customer is e-mailed."
          okText="Cancel booking"
          okButtonProps={{ danger: true, loading: cancel.isPending }}
          cancelText="Keep it"
          cancelButtonProps={{ autoFocus: true }}
          onConfirm={() =>
            cancel.mutateAsync(leadId).then(
              () => toast.success('Booking cancelled; the customer is e-mailed'),
              (error: unknown) => toast.error('Could not cancel the booking', errorText(error)),
            )
          }
        >
          <Button danger>Cancel booking</Button>
        </Popconfirm>
      ) : null}
    </div>
  );
}
