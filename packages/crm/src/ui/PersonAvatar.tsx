import type { Person } from '@shine/shared/types';
import { initialsOf } from '../format/person.ts';
import { HoverHint } from './HoverHint.tsx';

interface PersonAvatarProps {
  /** Who; null shows "Unassigned". */
  person: Person | null;
  /** Shows the name beside the initials (else it is in a tooltip and read by screen readers). */
  showName?: boolean;
}

/**
 * A person's initials in a circle; compact enough for a table column or a kanban card. A plain span
 * (person-avatar in styles.css), not antd's Avatar: that one measures its text after every render to
 * scale it, a forced layout per row of a 100-row table; initials always fit.
 */
export function PersonAvatar({ person, showName }: PersonAvatarProps) {
  if (!person) {
    return showName ? (
      <span className="muted">Unassigned</span>
    ) : (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Unassigned</span>
      </span>
    );
  }
  const avatar = (
    <span className="person-avatar" aria-hidden="true">
      {initialsOf(person.name)}
    </span>
  );
  if (showName) {
    return (
      <span className="person-chip">
        {avatar}
        <span>{person.name}</span>
      </span>
    );
  }
  return (
    <HoverHint className="person-chip" title={person.name} anchor={avatar}>
      <span className="visually-hidden">{person.name}</span>
    </HoverHint>
  );
}
