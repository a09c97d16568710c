import type { LeadStatus } from '@shine/shared/enums';
import type { LeadListItem } from '@shine/shared/types';

/** The drag data type of a lead card; its value is the lead as JSON. */
export const LEAD_DRAG_TYPE = 'application/x-shine-lead';

/** A card dropped on another column whose status change is still in flight. */
export interface PendingMove {
  lead: LeadListItem;
  to: LeadStatus;
}

/**
 * Keeps keyboard focus on a card that moves to another column (its status changed from its own select,
 * or by a colleague): the moved card is a new element, and the focused one leaves with the old, so
 * focus would fall to <body> and the next Tab restart at the top of the page. Focus goes to the
 * card's status select in its new column, whether that is drawn before the old one leaves or after;
 * and only while focus is lost, so a person who has moved on is not pulled back.
 */
export interface CardFocusKeeper {
  /** A card is about to leave the page, perhaps holding focus. */
  leaving: (leadId: string, card: HTMLElement) => void;
  /** A card was drawn, perhaps the one that left, in its new column. */
  drawn: (leadId: string, card: HTMLElement) => void;
}

function isFocusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

function focusSelectOf(card: HTMLElement): boolean {
  const select = card.querySelector<HTMLElement>('[role="combobox"]');
  select?.focus();
  return select !== null;
}

/** `findCards` gives the board's card elements of a lead (two while one moves between columns). */
export function createCardFocusKeeper(findCards: (leadId: string) => HTMLElement[]): CardFocusKeeper {
  let lostWith: string | undefined;
  return {
    leaving(leadId, card) {
      if (!card.contains(document.activeElement)) return;
      const moved = findCards(leadId).find((element) => element !== card);
      if (moved && focusSelectOf(moved)) return;
      lostWith = leadId;
    },
    drawn(leadId, card) {
      if (lostWith === leadId && isFocusLost() && focusSelectOf(card)) lostWith = undefined;
    },
  };
}
