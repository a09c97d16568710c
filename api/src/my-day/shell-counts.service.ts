// GET /api/admin/counts: the figures the CRM shows beside its sections and on its bell, answered
// together (one round trip instead of five) so that the CRM can ask for them after the screen's own
// data. Each figure is its own feature's count, the same as its own read's total.
import { nextVisitStartOf, type ShellCounts } from '@shine/shared/responses/my-day';
import type { Knex } from 'knex';
import { countLeadsWithUnreadReplies } from '../conversations/index.ts';
import { countHeldSubmissions } from '../leads/index.ts';
import { countHeldEmails } from '../mailbox/index.ts';
import { countUnreadNotifications } from '../notifications/index.ts';
import { buildMyDay } from './my-day.service.ts';

export async function countShell(
  db: Knex,
  request: { userId: string; now: Date; timeZone: string },
): Promise<ShellCounts> {
  const { userId } = request;
  const [myDay, inbox, unmatchedEmails, held, notifications] = await Promise.all([
    buildMyDay(db, { ...request, scope: 'me' }),
    countLeadsWithUnreadReplies(db, userId),
    countHeldEmails(db),
    countHeldSubmissions(db),
    countUnreadNotifications(db, userId),
  ]);
  const changesAt = nextVisitStartOf(myDay, request.now.getTime());
  return {
    myDay: myDay.counts.total,
    myDayChangesAt: changesAt === undefined ? null : new Date(changesAt).toISOString(),
    inbox,
    unmatchedEmails,
    held,
    notifications,
  };
}
