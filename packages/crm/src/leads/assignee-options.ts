import type { Person } from '@shine/shared/types';
import type { Assignee } from '@shine/shared/responses/team';
import { formatDate } from '../format/date-time.ts';

export const UNASSIGNED = 'none';

/** "Ben Ortiz", "Ben Ortiz (away until Mar 3, 2025)": away people can still be picked by hand. */
export function assigneeLabel(person: Assignee): string {
  if (!person.away) return person.name;
  return person.awayUntil ? `${person.name} (away until ${formatDate(person.awayUntil)})` : `${person.name} (away)`;
}

/**
 * The choices of an assignee picker: Unassigned, then the active team; a current assignee who is no
 * longer on it (disabled) stays listed so the field still shows their name.
 */
export function assigneeOptions(people: readonly Assignee[], current: Person | null = null) {
  const options = people.map((person) => ({ value: person.id, label: assigneeLabel(person) }));
  if (current && !people.some((person) => person.id === current.id)) {
    options.unshift({ value: current.id, label: `${current.name} (no longer active)` });
  }
  return [{ value: UNASSIGNED, label: 'Unassigned' }, ...options];
}

/** The name of an option's person, for the toast. */
export function nameOf(people: readonly Assignee[], id: string, current: Person | null = null): string | null {
  return people.find((person) => person.id === id)?.name ?? (current?.id === id ? current.name : null);
}
