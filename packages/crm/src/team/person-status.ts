import type { TeamUser } from '@shine/shared/types';
import { formatDate, formatDateTime } from '../format/date-time.ts';

export interface StatusTag {
  text: string;
  /** At least 4.5:1 against white. */
  color: string;
}

const ACTIVE = '#067647';
const AWAY = '#b54708';
const DISABLED = '#4a5565';
const PENDING = '#0b5cad';

/**
 * What the Team list says about a person: disabled, waiting to use their set-up link, away (until
 * when), or active; a pending new link of someone who has a password shows beside their status.
 */
export function describePersonStatus(user: TeamUser, now: Date = new Date()): StatusTag[] {
  if (user.disabled) return [{ text: 'Disabled', color: DISABLED }];
  const pending =
    user.setupExpiresAt && new Date(user.setupExpiresAt).getTime() > now.getTime()
      ? { text: `Set-up link pending until ${formatDateTime(user.setupExpiresAt)}`, color: PENDING }
      : undefined;
  if (!user.hasPassword) {
    return [pending ?? { text: 'Set-up link expired: make a new one', color: AWAY }];
  }
  const status = user.away
    ? { text: user.awayUntil ? `Away until ${formatDate(user.awayUntil)}` : 'Away', color: AWAY }
    : { text: 'Active', color: ACTIVE };
  return pending ? [status, pending] : [status];
}

/** "4", or "4 of 10" when an open-lead cap is set. */
export function describeOpenLeads(user: TeamUser): string {
  return user.maxOpenLeads === null ? String(user.openLeads) : `${user.openLeads} of ${user.maxOpenLeads}`;
}

export const ROLE_LABELS = { admin: 'Admin', sales: 'Sales' } as const;
