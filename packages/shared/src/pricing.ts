// The instant quote estimate: one pure function over the price table in config/price-table.json,
// used by the quote form (live) and by the API (recomputed on submit, never trusted from the client).
import priceTable from '../config/price-table.json' with { type: 'json' };
import type { z } from 'zod';
import type { BathroomChoice, BedroomChoice, CleaningType, Frequency } from './enums.ts';
import type { estimateBreakdownSchema, estimateSchema } from './responses/leads.ts';

export interface PriceTable {
  cleaningTypes: Record<CleaningType, { base: number; perExtraBedroom: number; perExtraHalfBathroom: number }>;
  recurringDiscountPercent: Record<Frequency, number>;
  recurringDiscountAppliesTo: CleaningType[];
  rangeSpreadPercent: number;
  roundTo: number;
  firstCleaningDiscount: number;
  walkthroughRequired: Array<{ cleaningType?: string; bedrooms?: string; bathrooms?: string }>;
  /** The quote builder's extras (quote-pricing.ts), US dollars per unit. */
  addOns: Record<string, { label: string; unit: string; price: number }>;
}

export const PRICE_TABLE = priceTable as unknown as PriceTable;

export interface EstimateInput {
  bedrooms: BedroomChoice;
  bathrooms: BathroomChoice;
  cleaningType: CleaningType;
  frequency: Frequency;
}

/** How an estimate was reached; its schema is the API's answer (responses/leads.ts). */
export type EstimateBreakdown = z.output<typeof estimateBreakdownSchema>;

export type Estimate = z.output<typeof estimateSchema>;

/** '5+' counts as 5 and '3.5+' as 3.5: the table prices the first step of an open-ended choice. */
function toCount(choice: string): number {
  return Number.parseFloat(choice);
}

function roundToStep(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** The estimate's one rounding to whole dollars (half up): the discount, hence the per-visit price. */
function roundDollars(value: number): number {
  return Math.round(value);
}

/**
 * The estimate's value in whole dollars: the per-visit price its breakdown adds up to ("= $407"),
 * which the lead's Estimated Value starts from. The range around it is rounded to the table's step
 * for display only, so its centre may differ by a dollar or two; the value is never taken from it.
 */
export function estimateValueOf(estimate: Estimate): number | null {
  return estimate.kind === 'estimate' ? estimate.breakdown.perVisit : null;
}

/** The cleaning's price per visit before any discount, in whole dollars: the type's base plus its room steps. */
export function listPriceOf(
  input: Pick<EstimateInput, 'bedrooms' | 'bathrooms' | 'cleaningType'>,
  table: PriceTable = PRICE_TABLE,
): { base: number; bedroomsAdded: number; bathroomsAdded: number; subtotal: number } {
  const prices = table.cleaningTypes[input.cleaningType];
  const bedroomsAdded = Math.max(0, toCount(input.bedrooms) - 1) * prices.perExtraBedroom;
  const bathroomsAdded = Math.max(0, (toCount(input.bathrooms) - 1) * 2) * prices.perExtraHalfBathroom;
  return { base: prices.base, bedroomsAdded, bathroomsAdded, subtotal: prices.base + bedroomsAdded + bathroomsAdded };
}

/** The recurring discount the table gives a cleaning type at a frequency, in percent (0 when none). */
export function recurringDiscountPercentOf(
  input: Pick<EstimateInput, 'cleaningType' | 'frequency'>,
  table: PriceTable = PRICE_TABLE,
): number {
  return table.recurringDiscountAppliesTo.includes(input.cleaningType)
    ? table.recurringDiscountPercent[input.frequency]
    : 0;
}

export function estimateQuote(input: EstimateInput, table: PriceTable = PRICE_TABLE): Estimate {
  const needsWalkthrough = table.walkthroughRequired.some(
    (rule) =>
      (rule.cleaningType === undefined || rule.cleaningType === input.cleaningType) &&
      (rule.bedrooms === undefined || rule.bedrooms === input.bedrooms) &&
      (rule.bathrooms === undefined || rule.bathrooms === input.bathrooms),
  );
  if (needsWalkthrough) {
    return {
      kind: 'walkthrough',
      reason: `A ${input.cleaningType} cleaning of a home this size is priced after a free walkthrough.`,
    };
  }

  const { base, bedroomsAdded, bathroomsAdded, subtotal } = listPriceOf(input, table);
  const discountPercent = recurringDiscountPercentOf(input, table);
  const discount = roundDollars((subtotal * discountPercent) / 100);
  const perVisit = subtotal - discount;

  const spread = (perVisit * table.rangeSpreadPercent) / 100;
  const low = roundToStep(perVisit - spread, table.roundTo);
  const high = roundToStep(perVisit + spread, table.roundTo);
  return {
    kind: 'estimate',
    low,
    high,
    midpoint: perVisit,
    firstVisitLow: Math.max(0, low - table.firstCleaningDiscount),
    firstVisitHigh: Math.max(0, high - table.firstCleaningDiscount),
    breakdown: { base, bedroomsAdded, bathroomsAdded, subtotal, discountPercent, discount, perVisit },
  };
}

/** "Estimated $229–$279 per visit" */
export function formatEstimateRange(estimate: Extract<Estimate, { kind: 'estimate' }>): string {
  return `Estimated $${estimate.low}–$${estimate.high} per visit`;
}
