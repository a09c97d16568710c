// The visit's times as the schedule and a lead's booking show them (not in ScheduleSection.tsx, a lazy
// chunk that a lead's booking must not pull in).
import { instantOfLocal, parseCalendarDate } from '@shine/shared/scheduling';

/** "2026-12-01T08:00:00-06:00" → "8:00 AM": the business's wall clock, as the API writes it. */
export function wallTime(iso: string): string {
  const [hours = 0, minutes = 0] = iso.slice(11, 16).split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** A date ("2026-12-02") and wall-clock time ("14:30") in the business's zone, as an instant; undefined when malformed. */
export function instantOfBusinessWallClock(date: string, time: string, timeZone: string): number | undefined {
  const day = parseCalendarDate(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return undefined;
  return instantOfLocal(timeZone, day[0], day[1], day[2], Number(clock[1]) * 60 + Number(clock[2]));
}

/** A crew as staff know it: its name from Settings → Scheduling ("Crew 2" until the names are known). */
export function crewName(crews: readonly string[], crew: number): string {
  return crews[crew - 1] ?? `Crew ${crew}`;
}
