/**
 * Which of the leads table's less used columns fold into a neighbour so the table fits the width it
 * is given (docs/decisions.md, "Leads table width"). Value, Follow-up and Created never fold: they are
 * what a salesperson scans the list for. Contact, then Service, fold into the Name cell; Priority
 * folds into the Status cell.
 */
export interface LeadColumnLayout {
  contactInName: boolean;
  serviceInName: boolean;
  priorityInStatus: boolean;
  /** The columns' widths added up: the table's least width, under which its own box scrolls. */
  minWidth: number;
}

/** Column widths in CSS pixels, the checkbox column included. */
export const LEAD_COLUMN_WIDTHS = {
  select: 48,
  name: 200,
  /** The Name column holding contact and/or service lines: long e-mail addresses need the room. */
  nameFolded: 250,
  contact: 230,
  service: 200,
  /** "Assigned" on one line with the narrow column's 8 px padding (leads-table.css). */
  assignee: 80,
  status: 170,
  priority: 100,
  value: 100,
  /** Room for "Nov 18, 2026" on a line; the time and "· Overdue" wrap below it. */
  followUp: 150,
  created: 120,
} as const;

function widthOf(contactInName: boolean, serviceInName: boolean, priorityInStatus: boolean): number {
  const w = LEAD_COLUMN_WIDTHS;
  return (
    w.select +
    (contactInName || serviceInName ? w.nameFolded : w.name) +
    (contactInName ? 0 : w.contact) +
    (serviceInName ? 0 : w.service) +
    w.assignee +
    w.status +
    (priorityInStatus ? 0 : w.priority) +
    w.value +
    w.followUp +
    w.created
  );
}

/** From all columns to the most folded, in the order they give way. */
const STEPS: ReadonlyArray<[boolean, boolean, boolean]> = [
  [false, false, false],
  [true, false, false],
  [true, true, false],
  [true, true, true],
];

/** Each folding once, so that one width gives the same object (the table's memoised rows rely on it). */
const LAYOUTS: readonly LeadColumnLayout[] = STEPS.map(([contactInName, serviceInName, priorityInStatus]) => ({
  contactInName,
  serviceInName,
  priorityInStatus,
  minWidth: widthOf(contactInName, serviceInName, priorityInStatus),
}));

/** The least folding that fits `width`; the most folded when nothing fits (the table's box then scrolls). */
export function chooseLeadColumnLayout(width: number): LeadColumnLayout {
  return LAYOUTS.find((layout) => layout.minWidth <= width) ?? (LAYOUTS.at(-1) as LeadColumnLayout);
}

/**
 * The compact table (one line a lead, docs/decisions.md "Compact leads table"): name, e-mail and phone
 * in columns of their own, never wrapped (a long address is cut with an ellipsis and shown whole on
 * hover); priority, service and the creation date are left to the drawer.
 */
export const COMPACT_LEAD_COLUMN_WIDTHS = {
  select: 36,
  name: 150,
  email: 200,
  phone: 124,
  assignee: 84,
  status: 128,
  value: 76,
  followUp: 124,
} as const;

export const COMPACT_MIN_WIDTH = Object.values(COMPACT_LEAD_COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);
