import type { Person } from '@shine/shared/types';
import { Avatar } from 'antd';
import { initialsOf } from '../format/person.ts';
import { Hint } from './Hint.tsx';

interface PersonAvatarProps {
  /** Who; null shows "Unassigned". */
  person: Person | null;
  /** Shows the name beside the initials (else it is in a tooltip and read by screen readers). */
  showName?: boolean;
  size?: 'small' | 'default';
}

/** A person's initials in a circle; compact enough for a table column or a kanban card. */
export function PersonAvatar({ person, showName, size = 'small' }: PersonAvatarProps) {
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
    <Avatar size={size} className="person-avatar" aria-hidden="true">
      {initialsOf(person.name)}
    </Avatar>
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
    <Hint title={person.name}>
      <span className="person-chip">
        {avatar}
        <span className="visually-hidden">{person.name}</span>
      </span>
    </Hint>
  );
}
