import type { Activity } from '@shine/shared/types';
import { ToneTag } from '../ui/ToneTag.tsx';
import { useLeadActivities } from './activities.hooks.ts';
import { CALL_OUTCOME_COLORS } from './activity-labels.tsx';

/** The latest call that has an outcome said "Wrong number" (a later call that reached someone clears it). */
export function isPhoneFlaggedWrong(activities: readonly Activity[]): boolean {
  const calls = activities
    .filter((activity) => activity.type === 'call' && activity.outcome !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return calls[0]?.outcome === 'wrong_number';
}

/** Beside the lead's phone: a warning while its last call's outcome was a wrong number. */
export function WrongNumberFlag({ leadId }: { leadId: string }) {
  const activities = useLeadActivities(leadId);
  if (!activities.data || !isPhoneFlaggedWrong(activities.data)) return null;
  return <ToneTag color={CALL_OUTCOME_COLORS.wrong_number}>Wrong number? (last call)</ToneTag>;
}
