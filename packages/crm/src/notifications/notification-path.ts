// Where opening a notification takes the person: its lead (a reply to its conversation), or, for a
// request held for review (no lead yet), the Held section.
import type { Notification } from '@shine/shared/responses/notifications';
import { leadPath, sectionPath } from '../navigation/index.ts';

export function notificationPath(item: Pick<Notification, 'kind' | 'leadId'>): string | null {
  if (item.kind === 'request_held') return sectionPath('held');
  if (!item.leadId) return null;
  return leadPath(item.leadId, item.kind === 'customer_reply' ? 'conversation' : undefined);
}
