// The words every quote carries, on the customer's page and in the PDF: what the cleaning includes,
// the guarantee and the terms (docs/requirements.md#constants). The site's services page says the
// same in its own words (site/src/content/services.ts); the API cannot import the site.
import type { CleaningType } from '@shine/shared/enums';
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';

export const INCLUDED: Record<CleaningType, readonly string[]> = {
  Basic: [
    'Dusting of reachable surfaces, sills and baseboards',
    'Kitchen counters, sink, stovetop and appliance exteriors',
    'Bathrooms scrubbed and sanitized',
    'Floors vacuumed and mopped',
    'Beds made and trash emptied',
  ],
  Deep: [
    'Everything in a regular cleaning',
    'Baseboards, door frames and light switches by hand',
    'Cabinet fronts and appliance exteriors degreased',
    'Shower tile, grout and fixtures descaled',
    'Vents, ceiling fans and light fixtures dusted',
  ],
  'Move In/Out': [
    'Everything in a deep cleaning, in an empty home',
    'Inside cabinets, drawers and closets',
    'Inside the refrigerator, oven and dishwasher',
    'Walls spot-cleaned, switches and outlets wiped',
    'Floors vacuumed and washed, ready for the keys',
  ],
};

export const ALWAYS_INCLUDED = 'Eco-friendly, non-toxic products and our own equipment on every visit.';

export const GUARANTEE_TERMS: readonly string[] = [
  'Satisfaction guaranteed: not happy with an area? Tell us within 24 hours and we come back to re-clean it free.',
  'Damage claims must be reported within 24 hours; most are resolved within 48 hours.',
  'Licensed, bonded and insured up to $2 million.',
];

export const CANCELLATION_TERMS: readonly string[] = [
  'Changes and cancellations need at least 24 hours’ notice to avoid a cancellation fee.',
  'Book 48 hours ahead for regular cleaning and a week ahead for deep cleaning; same-day or next-day visits when our schedule allows.',
  'Payment is due on completion: cash, check, Visa, MasterCard, American Express or Discover; recurring customers can be billed automatically.',
  'A late charge of 1.5% per month applies to unpaid balances; returned checks cost $35; recurring prices change only with 30 days’ written notice.',
];

export const WELCOME_NOTE = `${PROMO_CODE} takes $${PROMO_AMOUNT_DOLLARS} off the first cleaning only.`;
