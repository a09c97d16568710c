import type { Lead } from '@shine/shared/types';
import './lead-flags.css';

/**
 * "Same phone as Kevin Reyes": the leads of other people who gave this lead's phone (a household),
 * each a link that opens that lead. A plain button styled as a link, as the list's name is (one per
 * row costs little). Nothing when there is none.
 */
export function SamePhoneLinks({
  lead,
  onOpen,
}: {
  lead: Pick<Lead, 'samePhoneLeads'>;
  onOpen?: ((leadId: string) => void) | undefined;
}) {
  if (lead.samePhoneLeads.length === 0) return null;
  return (
    <span className="same-phone-links">
      {lead.samePhoneLeads.map((other) =>
        onOpen ? (
          <button key={other.id} type="button" className="same-phone-link" onClick={() => onOpen(other.id)}>
            Same phone as {other.name}
          </button>
        ) : (
          <span key={other.id} className="same-phone-link">
            Same phone as {other.name}
          </span>
        ),
      )}
    </span>
  );
}
