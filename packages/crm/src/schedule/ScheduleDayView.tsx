// The Schedule's day: one column per crew, each visit a card at its time and as tall as its expected
// duration, with what a dispatcher needs on it (customer, address, phone, price, duration, flags). A
// card dragged to another time or crew moves the visit (the server enforces each crew's capacity and
// e-mails the customer); the keyboard's way is the card's dialog (Enter), as on the week.
import type { AdminVisit } from '@shine/shared/bookings';
import { formatMoney } from '@shine/shared/format';
import type { WorkingDay } from '@shine/shared/scheduling';
import { type DragEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { businessTimeZone, businessZoneLabel } from '../format/date-time.ts';
import { instantOfBusinessWallClock, wallTime } from './wall-time.ts';

/** Pixels an hour takes (a 30-minute visit is a 44 px card at least). */
const HOUR_PX = 88;
/** A drop lands on the nearest quarter hour. */
const SNAP_MINUTES = 15;
const DRAG_TYPE = 'application/x-shine-visit';

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};
/** Minutes after the business's midnight, from an instant the API wrote on the business's wall clock. */
const wallMinutes = (iso: string) => minutesOf(iso.slice(11, 16));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A crew's day page (CrewDay.tsx): its visits in order, for the crew's phone. */
export const crewDayPath = (crew: number, date: string) => `/crm/schedule/crew/${crew}?date=${date}`;

/** "2 h 30 min" */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** The hours the day shows: the working day's, widened to every visit on it; 8 AM to 6 PM on a day off. */
export function dayHours(workingDay: WorkingDay | null | undefined, visits: readonly AdminVisit[]) {
  const starts = visits.map((visit) => wallMinutes(visit.start));
  const ends = visits.map((visit) => wallMinutes(visit.start) + visit.durationMinutes);
  const first = Math.min(workingDay ? minutesOf(workingDay.open) : 8 * 60, ...starts);
  const last = Math.max(workingDay ? minutesOf(workingDay.close) : 18 * 60, ...ends);
  return { from: Math.floor(first / 60) * 60, to: Math.min(24 * 60, Math.ceil(last / 60) * 60) };
}

export interface VisitMove {
  start: string;
  crew: number;
}

interface DayViewProps {
  /** The day, "YYYY-MM-DD" in the business's calendar. */
  date: string;
  crews: readonly string[];
  workingDay: WorkingDay | null | undefined;
  visits: readonly AdminVisit[];
  onOpen: (visit: AdminVisit) => void;
  onMove: (visit: AdminVisit, move: VisitMove) => void;
}

const flagged = (visit: AdminVisit) => visit.flags.length > 0 || visit.needsReview || !visit.address;

export function ScheduleDayView({ date, crews, workingDay, visits, onOpen, onMove }: DayViewProps) {
  const hours = dayHours(workingDay, visits);
  const height = ((hours.to - hours.from) / 60) * HOUR_PX;
  const [dropTarget, setDropTarget] = useState<number>();
  const topOf = (minutes: number) => ((minutes - hours.from) / 60) * HOUR_PX;

  const drop = (crew: number) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(undefined);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const visit = visits.find((candidate) => candidate.id === id);
    if (!visit) return;
    const offset = Number(event.dataTransfer.getData('text/x-offset') || 0);
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top - offset;
    const minutes = hours.from + Math.round(((y / HOUR_PX) * 60) / SNAP_MINUTES) * SNAP_MINUTES;
    const clamped = Math.max(hours.from, Math.min(hours.to - SNAP_MINUTES, minutes));
    const instant = instantOfBusinessWallClock(date, clockOf(clamped), businessTimeZone());
    if (instant === undefined) return;
    if (clamped === wallMinutes(visit.start) && crew === visit.crew) return;
    onMove(visit, { start: new Date(instant).toISOString(), crew });
  };

  const hourMarks = [];
  for (let minute = hours.from; minute < hours.to; minute += 60) hourMarks.push(minute);

  return (
    <div
      className="schedule-dayview"
      style={{ gridTemplateColumns: `64px repeat(${crews.length}, minmax(180px, 1fr))` }}
    >
      <div className="schedule-dayview-corner" aria-hidden="true">
        {businessZoneLabel()}
      </div>
      {crews.map((name, index) => (
        <h3 key={name} className="schedule-dayview-crew">
          <Link to={crewDayPath(index + 1, date)} title={`${name}’s day, for the crew`}>
            {name}
          </Link>
        </h3>
      ))}
      <div className="schedule-dayview-hours" style={{ height }} aria-hidden="true">
        {hourMarks.map((minute) => (
          <span key={minute} style={{ top: topOf(minute) }}>
            {wallTime(`0000-00-00T${clockOf(minute)}`)}
          </span>
        ))}
      </div>
      {crews.map((name, index) => {
        const crew = index + 1;
        const own = visits.filter((visit) => visit.crew === crew);
        return (
          <ul
            key={name}
            aria-label={`${name}: ${own.length === 1 ? '1 visit' : `${own.length} visits`}`}
            className={`schedule-dayview-column${dropTarget === crew ? ' schedule-dayview-column--target' : ''}`}
            style={{ height, backgroundSize: `100% ${HOUR_PX}px` }}
            data-crew={crew}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(crew);
            }}
            onDragLeave={() => setDropTarget((target) => (target === crew ? undefined : target))}
            onDrop={drop(crew)}
          >
            {own.map((visit) => (
              <li
                key={visit.id}
                className="schedule-dayview-slot"
                style={{
                  top: topOf(wallMinutes(visit.start)),
                  height: Math.max(44, (visit.durationMinutes / 60) * HOUR_PX - 2),
                }}
              >
                <DayCard visit={visit} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        );
      })}
    </div>
  );
}

function DayCard({ visit, onOpen }: { visit: AdminVisit; onOpen: (visit: AdminVisit) => void }) {
  const movable = visit.status === 'scheduled';
  const classes = [
    'schedule-daycard',
    `schedule-daycard--${visit.status}`,
    flagged(visit) ? 'schedule-daycard--flagged' : '',
  ].join(' ');
  const address = visit.address ? `${visit.address.line1}, ${visit.address.city}` : 'No address';
  const checks = [
    ...(visit.needsReview ? ['check window'] : []),
    ...visit.flags.map((flag) => (flag === 'moved_closed_day' ? 'moved off a closed day' : 'on a closed day')),
    ...(visit.status === 'scheduled' ? [] : [visit.status]),
  ];
  return (
    <button
      type="button"
      className={classes}
      draggable={movable}
      title={movable ? 'Drag to another time or crew, or open to move it' : undefined}
      onClick={() => onOpen(visit)}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, visit.id);
        // Where in the card it was taken: the card's top lands where its top is dropped.
        event.dataTransfer.setData(
          'text/x-offset',
          String(event.clientY - event.currentTarget.getBoundingClientRect().top),
        );
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <strong className="schedule-daycard-title">
        {wallTime(visit.start)}–{wallTime(visit.end)} {visit.leadName}
      </strong>
      <span className={visit.address ? undefined : 'schedule-daycard-warning'}>{address}</span>
      <span>
        {[visit.phone, visit.price ? formatMoney(visit.price) : 'not priced', formatMinutes(visit.durationMinutes)]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {checks.length > 0 ? <span className="schedule-daycard-warning">Check: {checks.join(', ')}</span> : null}
    </button>
  );
}
