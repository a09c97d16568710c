/** A follow-up time in the past on a lead still being worked. */
export function isOverdue(nextFollowUpAt: string | null, status: string, now: Date = new Date()): boolean {
  if (!nextFollowUpAt || status === 'Won' || status === 'Lost') return false;
  return new Date(nextFollowUpAt).getTime() < now.getTime();
}

export function describeService(lead: {
  cleaningType: string;
  bedrooms: string;
  bathrooms: string;
  frequency: string;
}): string {
  return `${lead.cleaningType} · ${lead.bedrooms} bd / ${lead.bathrooms} ba · ${lead.frequency}`;
}

/** Clicks on controls inside a row must not also open the row. */
export function isFromInteractiveElement(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      'a, button, input, textarea, label, [role="combobox"], .ant-select, .ant-checkbox-wrapper, .lead-select-cell',
    ) !== null
  );
}
