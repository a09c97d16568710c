/** The checked leads of the table and of its phone layout, the card list, held by the section. */
export interface LeadSelection {
  selectedIds: string[];
  onChange: (ids: string[]) => void;
}
