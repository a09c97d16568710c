// The Schedule: a week of visits by crew (a day list on a phone). Each visit opens a dialog to open
// its lead, move it (another time or crew: the server enforces each crew's capacity and e-mails the
// customer), skip one visit of a series, or mark it completed or cancelled; flagged visits (moved off
// or on a closed day) say so on their card; "Book a visit" books a lead by hand. Visits a customer
// books appear live (the stream's visits.changed refreshes the week).
import type { AdminVisit, VisitFlag } from '@shine/shared/bookings';
import { formatMoney, toTelHref } from '@shine/shared/format';
import { Button, Descriptions, Empty, Grid, Input, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LeadPicker } from '../activities/index.ts';
import { businessDateOf, businessTimeZone, businessZoneLabel, formatCalendarDate } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import { MapLink, ServiceAddressText } from '../ui/ServiceAddress.tsx';
import { useToast } from '../ui/use-toast.ts';
import { BookVisitForm } from './BookVisitForm.tsx';
import { CompleteVisitButton } from './CompleteVisitButton.tsx';
import { CrewDay } from './CrewDay.tsx';
import { formatMinutes, ScheduleDayView, type VisitMove } from './ScheduleDayView.tsx';
import { useSchedulingSettings, useUpdateVisit, useVisits } from './schedule.hooks.ts';
import './schedule.css';
import { crewName, instantOfBusinessWallClock, wallTime } from './wall-time.ts';

const DAY_MS = 86_400_000;

/** The Monday (local) of the week holding `date`, at midnight. */
export function mondayOf(date: Date): Date {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const dateKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const dayLabel = (date: Date) => formatCalendarDate(dateKey(date));

/** Today in the business's calendar, as a date of this browser at noon (the week's columns are calendar days). */
/**
 * What a move's toast says: the customer is e-mailed when the visit's time changed; another crew at the
 * same time is nothing they see (the API sends nothing then).
 */
function movedToast(visit: AdminVisit, start: string): string {
  return Date.parse(start) === Date.parse(visit.start)
    ? 'Visit moved to another crew; the customer’s time is the same, so no e-mail is sent'
    : 'Visit moved; the customer is e-mailed';
}

function businessToday(): Date {
  const [year = 1970, month = 1, day = 1] = businessDateOf(new Date()).split('-').map(Number);
  return new Date(year, month - 1, day, 12);
}

/** A label that may be cut in a narrow column keeps its whole text in a tooltip. */
function VisitTag({ text, color }: { text: string; color?: string }) {
  return (
    <Tag color={color} title={text} className="schedule-visit-tag">
      {text}
    </Tag>
  );
}

/** "4521 Elm Street, Plano": enough of the address to tell visits apart on a card. */
const shortAddress = (visit: AdminVisit) =>
  visit.address ? `${visit.address.line1}, ${visit.address.city}` : undefined;

/** What a flag asks staff to check, on the card and in the dialog. */
export const FLAG_LABELS: Record<VisitFlag, string> = {
  moved_closed_day: 'Moved: closed day',
  on_closed_day: 'On a closed day',
};

/** A visit's card: the button that opens it, and (beside it, a link cannot sit in a button) its map link. */
function VisitButton({
  visit,
  onOpen,
  crewLabel,
}: {
  visit: AdminVisit;
  onOpen: (visit: AdminVisit) => void;
  /** The crew's name, where the layout does not say it (a phone's list). */
  crewLabel?: string;
}) {
  const place = shortAddress(visit);
  return (
    <div className="schedule-card">
      <Button className={`schedule-visit schedule-visit--${visit.status}`} onClick={() => onOpen(visit)} block>
        <span className="schedule-visit-label">
          {wallTime(visit.start)} {visit.leadName}
        </span>
        {crewLabel ? <span className="schedule-visit-address">{crewLabel}</span> : null}
        {place ? <span className="schedule-visit-address">{place}</span> : null}
        {visit.status === 'scheduled' ? null : <VisitTag text={visit.status} />}
        {visit.needsReview ? <VisitTag text="Check window" color="warning" /> : null}
        {visit.flags.map((flag) => (
          <VisitTag key={flag} text={FLAG_LABELS[flag]} color="warning" />
        ))}
        {visit.address ? null : <VisitTag text="No address" color="warning" />}
      </Button>
      {visit.address ? <MapLink address={visit.address} /> : null}
    </div>
  );
}

function VisitDialog({ visit, crews, onClose }: { visit: AdminVisit; crews: string[]; onClose: () => void }) {
  const update = useUpdateVisit();
  const toast = useToast();
  // The API writes the business's wall clock: its first 16 characters are the input's value.
  const [start, setStart] = useState(visit.start.slice(0, 16));
  const [crew, setCrew] = useState(visit.crew);
  // One visit of a series still to come can be skipped; the rest of the series stays.
  const skippable = visit.frequency !== 'One Time' && Date.parse(visit.start) > Date.now();
  const send = async (change: Parameters<typeof update.mutateAsync>[0]['update'], done: string) => {
    try {
      await update.mutateAsync({ id: visit.id, update: change });
      toast.success(done);
      onClose();
    } catch (error) {
      toast.error('Could not change the visit', errorText(error));
    }
  };
  const move = () => {
    const instant = instantOfBusinessWallClock(start.slice(0, 10), start.slice(11, 16), businessTimeZone());
    if (instant === undefined) return toast.error('Could not change the visit', 'Pick a date and time.');
    const at = new Date(instant);
    // Without a new crew the server keeps the visit's own when it is free, or takes the first free one.
    const change = crew === visit.crew ? { start: at.toISOString() } : { start: at.toISOString(), crew };
    void send(change, movedToast(visit, at.toISOString()));
  };
  return (
    <Modal open title={visit.leadName} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>
        {formatCalendarDate(visit.start.slice(0, 10))}, arrival {wallTime(visit.start)} – {wallTime(visit.arrivalEnd)},
        done by {wallTime(visit.end)} {businessZoneLabel()} · {crewName(crews, visit.crew)} · {visit.frequency} ·{' '}
        {visit.status}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        className="schedule-visit-facts"
        items={[
          { key: 'address', label: 'Address', children: <ServiceAddressText address={visit.address} /> },
          {
            key: 'phone',
            label: 'Phone',
            children: visit.phone ? <a href={toTelHref(visit.phone)}>{visit.phone}</a> : '—',
          },
          { key: 'price', label: 'Price', children: visit.price ? formatMoney(visit.price) : 'Not priced' },
          { key: 'duration', label: 'Duration', children: formatMinutes(visit.durationMinutes) },
        ]}
      />
      {visit.flags.length > 0 ? (
        <Typography.Paragraph>
          {visit.flags.map((flag) => (
            <Tag key={flag} color="warning">
              {FLAG_LABELS[flag]}
            </Tag>
          ))}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph>
        <Link to={`?section=leads&lead=${visit.leadId}`}>Open {visit.leadName}</Link>
      </Typography.Paragraph>
      {visit.status === 'scheduled' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="visit-start">New start ({businessZoneLabel()})</label>
          <Input id="visit-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          <label htmlFor="visit-crew">Crew</label>
          <Select<number>
            id="visit-crew"
            value={crew}
            onChange={setCrew}
            options={crews.map((name, index) => ({ value: index + 1, label: name }))}
          />
          <Space wrap>
            <Button type="primary" onClick={move} loading={update.isPending}>
              Move visit
            </Button>
            <CompleteVisitButton
              start={visit.start}
              name={visit.leadName}
              pending={update.isPending}
              complete={async (confirmEarly) => {
                await update.mutateAsync({ id: visit.id, update: { status: 'completed', confirmEarly } });
                onClose();
              }}
            />
            {skippable ? (
              <Button onClick={() => void send({ status: 'skipped' }, 'Visit skipped; the customer is e-mailed')}>
                Skip this visit
              </Button>
            ) : null}
            <Button
              danger
              onClick={() => void send({ status: 'cancelled' }, 'Visit cancelled; the customer is e-mailed')}
            >
              Mark cancelled
            </Button>
          </Space>
        </Space>
      ) : (
        <Button onClick={() => void send({ status: 'scheduled' }, 'Visit scheduled again; the customer is e-mailed')}>
          Schedule again
        </Button>
      )}
    </Modal>
  );
}

function BookDialog({ onClose }: { onClose: () => void }) {
  const [leadId, setLeadId] = useState<string>();
  return (
    <Modal open title="Book a visit" onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="book-lead">Lead</label>
        <LeadPicker id="book-lead" value={leadId} onChange={(id) => setLeadId(id)} />
        <BookVisitForm key={leadId} leadId={leadId} onBooked={onClose} />
      </Space>
    </Modal>
  );
}

type ScheduleView = 'week' | 'day';

/** The Schedule, or a crew's day when the address names one (/crm/schedule/crew/{crew}?date=). */
export function ScheduleSection() {
  const { page, item } = useParams();
  const [search] = useSearchParams();
  const crew = Number(item);
  if (page === 'crew' && Number.isInteger(crew) && crew >= 1) {
    const date = search.get('date');
    return <CrewDay crew={crew} date={date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : businessDateOf(new Date())} />;
  }
  return <Schedule />;
}

function Schedule() {
  const [view, setView] = useState<ScheduleView>('week');
  // The day the day view shows (a date of this browser at noon, as the week's days).
  const [day, setDay] = useState(businessToday);
  const [monday, setMonday] = useState(() => mondayOf(businessToday()));
  const days = useMemo(
    () => Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * DAY_MS + 3_600_000 * 2)),
    [monday],
  );
  // A day either side: the business's days are read from each visit's own offset, not this browser's.
  const range = useMemo(
    () => ({
      from: new Date(monday.getTime() - DAY_MS).toISOString(),
      to: new Date(monday.getTime() + 8 * DAY_MS).toISOString(),
    }),
    [monday],
  );
  const settings = useSchedulingSettings();
  const visits = useVisits(range);
  const isPhone = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState<AdminVisit>();
  const [booking, setBooking] = useState(false);
  const crews = settings.data?.crews ?? [];
  const items = visits.data?.items ?? [];
  const byDay = (day: Date) => items.filter((visit) => visit.start.slice(0, 10) === dateKey(day));
  const shift = (weeks: number) => setMonday(mondayOf(new Date(monday.getTime() + weeks * 7 * DAY_MS + 2 * 3_600_000)));
  const showDay = (next: Date) => {
    setDay(next);
    setMonday(mondayOf(next));
  };
  const moveDays = (count: number) => showDay(new Date(day.getFullYear(), day.getMonth(), day.getDate() + count, 12));
  const update = useUpdateVisit();
  const toast = useToast();
  const moveVisit = async (visit: AdminVisit, move: VisitMove) => {
    try {
      await update.mutateAsync({
        id: visit.id,
        update: move.crew === visit.crew ? { start: move.start } : { start: move.start, crew: move.crew },
      });
      toast.success(movedToast(visit, move.start));
    } catch (error) {
      toast.error('Could not move the visit', errorText(error));
    }
  };
  const dayKey = dateKey(day);
  const workingDay = settings.data?.days[day.getDay()];

  return (
    <section aria-labelledby="schedule-title" className="schedule">
      <Space wrap className="schedule-toolbar">
        <Typography.Title level={2} id="schedule-title" className="schedule-title">
          {view === 'week' ? `Week of ${dayLabel(monday)}` : dayLabel(day)}
        </Typography.Title>
        <Segmented<ScheduleView>
          aria-label="View"
          value={view}
          onChange={(next) => {
            setView(next);
            // The day view opens on today when this week is shown, else on the week's Monday.
            if (next === 'day')
              showDay(
                mondayOf(businessToday()).getTime() === monday.getTime()
                  ? businessToday()
                  : new Date(monday.getTime() + 12 * 3_600_000),
              );
          }}
          options={[
            { value: 'week', label: 'Week' },
            { value: 'day', label: 'Day' },
          ]}
        />
        {view === 'week' ? (
          <>
            <Button onClick={() => shift(-1)}>Previous week</Button>
            <Button onClick={() => setMonday(mondayOf(businessToday()))}>This week</Button>
            <Button onClick={() => shift(1)}>Next week</Button>
          </>
        ) : (
          <>
            <Button onClick={() => moveDays(-1)}>Previous day</Button>
            <Button onClick={() => showDay(businessToday())}>Today</Button>
            <Button onClick={() => moveDays(1)}>Next day</Button>
          </>
        )}
        <Button type="primary" onClick={() => setBooking(true)}>
          Book a visit
        </Button>
      </Space>
      {visits.error ? <QueryErrorAlert error={visits.error} /> : null}
      {view === 'day' && !isPhone ? (
        <div className="schedule-scroll">
          <ScheduleDayView
            date={dayKey}
            crews={crews}
            workingDay={workingDay}
            visits={byDay(day)}
            onOpen={setOpen}
            onMove={(visit, move) => void moveVisit(visit, move)}
          />
          {byDay(day).length === 0 && !visits.isLoading ? <Empty description="No visits this day" /> : null}
        </div>
      ) : isPhone ? (
        <div className="schedule-days">
          <Typography.Text type="secondary">Times in {businessZoneLabel()}</Typography.Text>
          {(view === 'day' ? [day] : days).map((shown) => (
            <div key={dateKey(shown)}>
              <Typography.Title level={3} className="schedule-day">
                {dayLabel(shown)}
              </Typography.Title>
              {byDay(shown).length === 0 ? (
                <Typography.Text type="secondary">No visits</Typography.Text>
              ) : (
                <ul className="schedule-list">
                  {byDay(shown).map((visit) => (
                    <li key={visit.id}>
                      <VisitButton visit={visit} onOpen={setOpen} crewLabel={crewName(crews, visit.crew)} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      ) : (
        <div className="schedule-scroll">
          <table className="schedule-week">
            <caption className="schedule-caption">Visits of the week by crew · times in {businessZoneLabel()}</caption>
            <thead>
              <tr>
                <th scope="col">Crew</th>
                {days.map((day) => (
                  <th scope="col" key={dateKey(day)}>
                    {dayLabel(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {crews.map((name, index) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  {days.map((day) => (
                    <td key={dateKey(day)}>
                      {byDay(day)
                        .filter((visit) => visit.crew === index + 1)
                        .map((visit) => (
                          <VisitButton key={visit.id} visit={visit} onOpen={setOpen} />
                        ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {items.length === 0 && !visits.isLoading ? <Empty description="No visits this week" /> : null}
        </div>
      )}
      {open ? <VisitDialog visit={open} crews={crews} onClose={() => setOpen(undefined)} /> : null}
      {booking ? <BookDialog onClose={() => setBooking(false)} /> : null}
    </section>
  );
}
