// The note a merged repeat request leaves on the lead: the whole request, as staff read it.
import { formatRooms } from '@shine/shared/format';
import { type Estimate, formatEstimateRange } from '@shine/shared/pricing';
import type { LeadRow } from '../db/tables.ts';
import {
  REJECTION_RULE_LABELS,
  REQUEST_FIELD_LABELS,
  type RepeatMatch,
  type RequestField,
  type SpamRule,
} from '@shine/shared/intake';
import type { LeadRequestColumn } from './leads.queries.ts';

export interface RepeatOutcome {
  match: RepeatMatch;
  /** Where the request differs from the lead, which keeps its own until staff decide. */
  differences: readonly RequestField[];
  releasedFromRule: SpamRule | null;
}

type Request = Pick<
  LeadRow,
  LeadRequestColumn | 'notes' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer_host' | 'landing_page'
> & { estimate_breakdown: Estimate };

export function describeRepeatRequest(request: Request, outcome: RepeatOutcome): string {
  const { match, differences, releasedFromRule } = outcome;
  const estimate = request.estimate_breakdown;
  const visit = [
    request.utm_source && `utm_source=${request.utm_source}`,
    request.utm_medium && `utm_medium=${request.utm_medium}`,
    request.utm_campaign && `utm_campaign=${request.utm_campaign}`,
    request.referrer_host && `referrer ${request.referrer_host}`,
    request.landing_page && `landed on ${request.landing_page}`,
  ].filter(Boolean);
  return [
    `The same person asked for a quote again (matched on ${match}).`,
    `Name: ${request.first_name} ${request.last_name}`,
    `E-mail: ${request.email}`,
    `Phone: ${request.phone}`,
    `Zip code: ${request.zipcode}`,
    `Home: ${formatRooms(request.bedrooms, request.bathrooms)}`,
    `Cleaning: ${request.cleaning_type}, ${request.frequency}`,
    `Estimate: ${estimate.kind === 'estimate' ? formatEstimateRange(estimate) : 'priced after a walkthrough'}`,
    `Notes: ${request.notes ?? '(none)'}`,
    `Visit: ${visit.length > 0 ? visit.join(', ') : '(direct)'}`,
    differences.length > 0
      ? `Details differ from the lead's: ${differences.map((field) => REQUEST_FIELD_LABELS[field]).join(', ')} (the lead keeps its own; staff apply or keep them in the lead's requests)`
      : 'Details: the same as the lead’s',
    ...(releasedFromRule ? [`Released from hold by staff (held as: ${REJECTION_RULE_LABELS[releasedFromRule]})`] : []),
  ].join('\n');
}
