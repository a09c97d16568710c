// Staff booking a lead by hand (Schedule → Book a visit, and the lead's Booking tab): the lead's free
// arrival windows as the customer sees them on the quote page, grouped by day, or "Any time" for a
// date and arrival time of staff's choosing (never in the past; the server checks both, and that a
// crew is free). Times are the business's wall clock, labelled with its zone. Where to clean is asked
// too, prefilled from the lead's service address (or its request's ZIP); saved on the lead with the
// booking. Left empty, the visit is booked without one (the Schedule flags it).
import type { Slot } from '@shine/shared/bookings';
import { leadOperations } from '@shine/shared/operations/leads';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import type { ServiceAddress } from '@shine/shared/service-address';
import { formatWindowHours, localPartsOf } from '@shine/shared/scheduling';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Radio, Space, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { queryOptions } from '../api/client.ts';
import { businessDateOf, businessTimeZone, businessZoneLabel, formatCalendarDate } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import {
  type AddressDraft,
  type AddressErrors,
  draftOf,
  isBlankDraft,
  parseAddressDraft,
  ServiceAddressFields,
} from '../ui/ServiceAddress.tsx';
import { useToast } from '../ui/use-toast.ts';
import { useBookForLead } from './schedule.hooks.ts';
import { instantOfBusinessWallClock } from './wall-time.ts';

const DAYS_SHOWN_FIRST = 7;

/** "8–10 AM", as the quote page words a window. */
export function windowHours(slot: Slot, timeZone: string): string {
  return formatWindowHours(
    localPartsOf(Date.parse(slot.start), timeZone).minuteOfDay,
    localPartsOf(Date.parse(slot.end), timeZone).minuteOfDay,
  );
}

function groupByDay(slots: readonly Slot[]): Array<[string, Slot[]]> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = slot.start.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

function FreeWindows({
  leadId,
  value,
  onChange,
}: {
  leadId: string;
  value?: string;
  onChange: (start: string) => void;
}) {
  const slots = useQuery(queryOptions(schedulingOperations.listLeadSlots, { params: { id: leadId }, query: {} }));
  const [allDays, setAllDays] = useState(false);
  if (slots.error) return <QueryErrorAlert error={slots.error} onRetry={() => void slots.refetch()} />;
  if (!slots.data) return <Spin size="small" aria-label="Loading the free windows" />;
  const days = groupByDay(slots.data.slots);
  if (days.length === 0)
    return <Alert type="info" showIcon message="No free window in the next three weeks: book it at any time." />;
  const shown = allDays ? days : days.slice(0, DAYS_SHOWN_FIRST);
  return (
    <div className="book-windows">
      {shown.map(([day, group]) => (
        <fieldset key={day} className="book-day">
          <legend>{formatCalendarDate(day)}</legend>
          <Radio.Group
            value={value}
            onChange={(event) => onChange(event.target.value as string)}
            optionType="button"
            options={group.map((slot) => ({
              value: slot.start,
              label: windowHours(slot, slots.data.timezone),
            }))}
          />
        </fieldset>
      ))}
      {days.length > shown.length ? (
        <Button type="link" onClick={() => setAllDays(true)}>
          Show {days.length - shown.length} more days
        </Button>
      ) : null}
    </div>
  );
}

/** The form; `leadId` undefined: nothing to book yet (Schedule asks for the lead first). */
export function BookVisitForm({ leadId, onBooked }: { leadId: string | undefined; onBooked: () => void }) {
  const book = useBookForLead();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const zone = businessZoneLabel();
  const [mode, setMode] = useState<'window' | 'any'>('window');
  const [picked, setPicked] = useState<string>();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string>();
  const lead = useQuery({
    ...queryOptions(leadOperations.getLead, { params: { id: leadId ?? '' } }),
    enabled: Boolean(leadId),
  });
  // Until staff type, the fields show the lead's own address (or its ZIP) as it loads.
  const [typed, setTyped] = useState<AddressDraft>();
  const draft = typed ?? draftOf(lead.data?.serviceAddress, lead.data?.zipcode ?? '');
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const today = businessDateOf(new Date());

  const submit = async () => {
    setProblem(undefined);
    if (!leadId) return setProblem('Pick a lead first.');
    let address: ServiceAddress | undefined;
    // Only a ZIP (the request's, prefilled) with nothing else is no address yet.
    if (!isBlankDraft({ ...draft, zip: draft.line1 || draft.city || draft.line2 ? draft.zip : '' })) {
      const parsed = parseAddressDraft(draft);
      if ('errors' in parsed) {
        setAddressErrors(parsed.errors);
        return setProblem('Check the service address.');
      }
      address = parsed.address;
    }
    setAddressErrors({});
    let body: { start: string; anyTime?: true };
    if (mode === 'window') {
      if (!picked) return setProblem('Pick one of the free arrival windows.');
      body = { start: picked };
    } else {
      const at = date && time ? instantOfBusinessWallClock(date, time, businessTimeZone()) : undefined;
      if (at === undefined) return setProblem('Pick a date and an arrival time.');
      if (at < Date.now()) return setProblem('That time has passed. Pick a time still to come.');
      body = { start: new Date(at).toISOString(), anyTime: true };
    }
    try {
      await book.mutateAsync({ leadId, ...body, ...(address ? { address } : {}) });
      toast.success('Visit booked; the customer is e-mailed');
      onBooked();
    } catch (error) {
      setProblem(errorText(error) ?? 'Could not book the visit.');
      // A window taken meanwhile: the list is read again.
      void queryClient.invalidateQueries({
        queryKey: queryOptions(schedulingOperations.listLeadSlots, { params: { id: leadId }, query: {} }).queryKey,
      });
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} className="book-visit-form">
      <Radio.Group
        aria-label="When"
        value={mode}
        onChange={(event) => {
          setMode(event.target.value as 'window' | 'any');
          setProblem(undefined);
        }}
        optionType="button"
        options={[
          { value: 'window', label: 'Free windows' },
          { value: 'any', label: 'Any time' },
        ]}
      />
      {mode === 'window' ? (
        <>
          <Typography.Text type="secondary">
            The arrival windows the customer sees on the quote page ({zone}).
          </Typography.Text>
          {leadId ? <FreeWindows leadId={leadId} value={picked} onChange={setPicked} /> : null}
        </>
      ) : (
        <>
          <Typography.Text type="secondary">
            A date and arrival time of your choosing, outside the windows too ({zone}).
          </Typography.Text>
          <label htmlFor={`${id}-date`}>Date</label>
          <Input id={`${id}-date`} type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
          <label htmlFor={`${id}-time`}>Arrival time ({zone})</label>
          <Input id={`${id}-time`} type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
        </>
      )}
      {leadId ? (
        <>
          <ServiceAddressFields legend="Where to clean" value={draft} onChange={setTyped} errors={addressErrors} />
          <Typography.Text type="secondary">
            Saved on the lead. Leave it empty if the customer has not said yet.
          </Typography.Text>
        </>
      ) : null}
      {problem ? <Alert type="error" showIcon message={problem} role="alert" /> : null}
      <Button type="primary" onClick={() => void submit()} loading={book.isPending} disabled={!leadId}>
        Book visit
      </Button>
    </Space>
  );
}
