import { colors } from '@shine/design-tokens';
import { isAwaitingContact } from '@shine/shared/intake';
import type { Lead } from '@shine/shared/types';
import { ToneTag } from '../ui/ToneTag.tsx';
import { DETAILS_DIFFER_COLOR } from '../format/lead-labels.ts';
import { formatDateTime, isBusinessToday } from '../format/date-time.ts';
import { useNow } from '../ui/use-now.ts';
import './lead-flags.css';

type FlaggedLead = Pick<
  Lead,
  'status' | 'repeatCount' | 'lastRepeatAt' | 'firstContactedAt' | 'contactDueAt' | 'detailsDifferRequestId'
>;

/** "Repeat request ×2", and "— today" when the latest repeat came in today (business date). */
export function repeatLabel(lead: Pick<Lead, 'repeatCount' | 'lastRepeatAt'>, now: Date): string {
  const today = isBusinessToday(lead.lastRepeatAt, now) ? ' — today' : '';
  return `Repeat request ×${lead.repeatCount}${today}`;
}

/**
 * The intake flags of a lead in lists: "Not contacted" (open, no staff activity, 15 business minutes
 * past arrival), "Details differ" (a repeat request gave another name, e-mail or phone; staff decide
 * in the lead's Requests) and "Repeat request ×N" (the same person asked again; "— today" when the
 * latest was today, since a repeat resurfaces the lead). Nothing when none applies.
 */
export function LeadIntakeFlags({ lead, now: givenNow }: { lead: FlaggedLead; now?: Date }) {
  const clock = useNow();
  const now = givenNow ?? clock;
  const isRepeat = lead.repeatCount > 0;
  const isLate = isAwaitingContact(lead, now);
  const differs = lead.detailsDifferRequestId !== null;
  if (!isRepeat && !isLate && !differs) return null;
  return (
    <span className="lead-flags">
      {isLate ? (
        <span title={`Due ${formatDateTime(lead.contactDueAt)}`}>
          <ToneTag color={colors.danger}>Not contacted</ToneTag>
        </span>
      ) : null}
      {differs ? (
        <span title="A repeat request gave another name, e-mail or phone: see Requests in the lead">
          <ToneTag color={DETAILS_DIFFER_COLOR}>Details differ</ToneTag>
        </span>
      ) : null}
      {isRepeat ? (
        <span title={`Last request ${formatDateTime(lead.lastRepeatAt)}`}>
          <ToneTag color={colors.warning}>{repeatLabel(lead, now)}</ToneTag>
        </span>
      ) : null}
    </span>
  );
}
