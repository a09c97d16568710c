// The visit's times as the schedule and a lead's booking show them (not in ScheduleSection.tsx, a lazy
// chunk that a lead's booking must not pull in).
/** "2026-12-01T08:00:00-06:00" → "8:00 AM": the business's wall clock, as the API writes it. */
export function wallTime(iso: string): string {
  const [hours = 0, minutes = 0] = iso.slice(11, 16).split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
