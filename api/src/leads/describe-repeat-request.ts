// The note a merged repeat request leaves on the lead: the whole request, as staff read it.
import { type Estimate, formatEstimateRange } from '@shine/shared/pricing';
import type { LeadRow } from '../db/tables.ts';
import type { LeadRequestColumn } from './leads.queries.ts';

export type RepeatMatch = 'e-mail' | 'phone' | 'e-mail and phone';

type Request = Pick<
  LeadRow,
  LeadRequestColumn | 'notes' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer_host' | 'landing_page'
> & { estimate_breakdown: Estimate };

const LABELS: Record<LeadRequestColumn, string> = {
  first_name: 'first name',
  last_name: 'last name',
  email: 'e-mail',
  phone: 'phone',
  zipcode: 'zip code',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  cleaning_type: 'cleaning type',
  frequency: 'frequency',
};

export function describeRepeatRequest(
  request: Request,
  match: RepeatMatch,
  changed: readonly LeadRequestColumn[],
): string {
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
    `Home: ${request.bedrooms} bedrooms, ${request.bathrooms} bathrooms`,
    `Cleaning: ${request.cleaning_type}, ${request.frequency}`,
    `Estimate: ${estimate.kind === 'estimate' ? formatEstimateRange(estimate) : 'priced after a walkthrough'}`,
    `Notes: ${request.notes ?? '(none)'}`,
    `Visit: ${visit.length > 0 ? visit.join(', ') : '(direct)'}`,
    `Updated on the lead: ${changed.length > 0 ? changed.map((column) => LABELS[column]).join(', ') : 'nothing changed'}`,
  ].join('\n');
}
