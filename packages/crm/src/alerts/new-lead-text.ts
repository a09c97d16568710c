import { formatCurrency } from '@shine/shared/format';
import type { Lead } from '@shine/shared/types';
import { fullName } from '../format/lead-labels.ts';

/** What a new-lead alert says: who, which cleaning, and the instant estimate. */
export function describeNewLead(lead: Lead): { title: string; body: string } {
  const service = `${lead.cleaningType} cleaning, ${lead.frequency.toLowerCase()}, ${lead.bedrooms} bd / ${lead.bathrooms} ba`;
  const estimate =
    lead.estimate?.kind === 'estimate'
      ? `Estimate ${formatCurrency(lead.estimate.low)}–${formatCurrency(lead.estimate.high)}`
      : 'Needs a walkthrough';
  return { title: `New lead: ${fullName(lead)}`, body: `${service} · ${estimate}` };
}
