import { colors } from '@shine/shared/design-tokens';
import { isAwaitingContact } from '@shine/shared/intake';
import type { Lead } from '@shine/shared/types';
import { ToneTag } from '../ui/ToneTag.tsx';
import { formatDateTime } from './lead-format.ts';
import '../overview/intake.css';

type FlaggedLead = Pick<Lead, 'status' | 'repeatCount' | 'lastRepeatAt' | 'firstContactedAt' | 'contactDueAt'>;

/**
 * The intake flags of a lead in lists: "Repeat request" (the same person asked again) and "Not
 * contacted" (open, no staff activity, 15 business minutes past arrival). Nothing when neither applies.
 */
export function LeadIntakeFlags({ lead, now = new Date() }: { lead: FlaggedLead; now?: Date }) {
  const isRepeat = lead.repeatCount > 0;
  const isLate = isAwaitingContact(lead, now);
  if (!isRepeat && !isLate) return null;
  return (
    <span className="lead-flags">
      {isLate ? (
        <span title={`Due ${formatDateTime(lead.contactDueAt)}`}>
          <ToneTag color={colors.danger}>Not contacted</ToneTag>
        </span>
      ) : null}
      {isRepeat ? (
        <span title={`Last request ${formatDateTime(lead.lastRepeatAt)}`}>
          <ToneTag color={colors.warning}>Repeat request{lead.repeatCount > 1 ? ` ×${lead.repeatCount}` : ''}</ToneTag>
        </span>
      ) : null}
    </span>
  );
}
