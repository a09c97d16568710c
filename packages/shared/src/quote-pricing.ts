// A priced quote's arithmetic: line items, discounts, tax and total, in integer cents only.
// Money never passes through a binary fraction: amounts are whole cents, percentages are whole
// percent or basis points, and every division is an integer division rounded half up.
import type { BathroomChoice, BedroomChoice, CleaningType, Frequency } from './enums.ts';
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from './constants.ts';
import { formatRooms } from './format.ts';
import { PRICE_TABLE, type PriceTable } from './pricing.ts';

export const QUOTE_ADD_ON_KEYS = [
  'interior_windows',
  'refrigerator',
  'oven',
  'garage',
  'basement',
  'carpet_steam',
] as const;
export type QuoteAddOnKey = (typeof QUOTE_ADD_ON_KEYS)[number];

/** What staff decide on a quote, as stored (cents, whole percent, basis points). */
export interface QuoteContent {
  cleaning: {
    cleaningType: CleaningType;
    bedrooms: BedroomChoice;
    bathrooms: BathroomChoice;
    frequency: Frequency;
    priceCents: number;
  };
  addOns: Array<{ key: QuoteAddOnKey; quantity: number; unitPriceCents: number }>;
  /** WELCOME40: $40 off the first cleaning. */
  welcomeDiscount: boolean;
  /** Off the cleaning (not the add-ons), whole percent. */
  recurringDiscountPercent: number;
  customDiscount: { amountCents: number; reason: string } | null;
  /** 825 = 8.25 %; 0: no tax. */
  taxRateBasisPoints: number;
}

export type QuoteLineItemKind = 'cleaning' | 'add_on';
export type QuoteDiscountKind = 'recurring' | 'welcome' | 'custom';

export interface PricedLineItem {
  kind: QuoteLineItemKind;
  key: QuoteAddOnKey | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

export interface PricedDiscount {
  kind: QuoteDiscountKind;
  description: string;
  amountCents: number;
}

export interface QuotePricing {
  lineItems: PricedLineItem[];
  subtotalCents: number;
  discounts: PricedDiscount[];
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** numerator / denominator rounded half up, for non-negative integers, without a fractional step. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** 27900 → "279.00"; negative amounts keep their sign. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${sign}${(abs - rest) / 100}.${String(rest).padStart(2, '0')}`;
}

/** "1279.00" (an API amount) → "$1,279.00" */
export function formatAmount(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** 127900 → "$1,279.00" */
export function formatDollars(cents: number): string {
  return formatAmount(formatCents(cents));
}

/** "279", "279.5", "279.50" → 27950; undefined for anything else (no sign, no exponent, at most 2 decimals). */
export function parseMoneyToCents(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "8.25" → 825 basis points; undefined for anything else (0 to 100 %, at most 2 decimals). */
export function parsePercentToBasisPoints(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : undefined;
}

/** 825 → "8.25", 800 → "8", 0 → "0" */
export function formatBasisPoints(points: number): string {
  return formatCents(points).replace(/\.?0+$/, '') || '0';
}

export function addOnPriceCents(key: QuoteAddOnKey, table: PriceTable = PRICE_TABLE): number {
  return (table.addOns[key]?.price ?? 0) * 100;
}

export function addOnLabel(key: QuoteAddOnKey, table: PriceTable = PRICE_TABLE): string {
  return table.addOns[key]?.label ?? key;
}

export function addOnUnit(key: QuoteAddOnKey, table: PriceTable = PRICE_TABLE): string {
  return table.addOns[key]?.unit ?? 'item';
}

export function describeCleaning(cleaning: QuoteContent['cleaning']): string {
  return `${cleaning.cleaningType} cleaning, ${formatRooms(cleaning.bedrooms, cleaning.bathrooms)} (${cleaning.frequency})`;
}

/**
 * Prices a quote. Discounts apply in a fixed order (recurring, WELCOME40, the free-form one), each
 * capped at what is left, so a total is never negative; tax is on the discounted amount.
 */
export function priceQuote(content: QuoteContent, table: PriceTable = PRICE_TABLE): QuotePricing {
  const cleaning: PricedLineItem = {
    kind: 'cleaning',
    key: null,
    description: describeCleaning(content.cleaning),
    quantity: 1,
    unitPriceCents: content.cleaning.priceCents,
    amountCents: content.cleaning.priceCents,
  };
  const addOns = content.addOns.map(
    (addOn): PricedLineItem => ({
      kind: 'add_on',
      key: addOn.key,
      description: addOnLabel(addOn.key, table),
      quantity: addOn.quantity,
      unitPriceCents: addOn.unitPriceCents,
      amountCents: addOn.quantity * addOn.unitPriceCents,
    }),
  );
  const lineItems = [cleaning, ...addOns];
  const subtotalCents = lineItems.reduce((sum, item) => sum + item.amountCents, 0);

  const wanted: PricedDiscount[] = [];
  if (content.recurringDiscountPercent > 0) {
    wanted.push({
      kind: 'recurring',
      description: `${content.cleaning.frequency} service discount (${content.recurringDiscountPercent}% off the cleaning)`,
      amountCents: divideRoundingHalfUp(content.cleaning.priceCents * content.recurringDiscountPercent, 100),
    });
  }
  if (content.welcomeDiscount) {
    wanted.push({
      kind: 'welcome',
      description: `${PROMO_CODE}: $${PROMO_AMOUNT_DOLLARS} off the first cleaning`,
      amountCents: PROMO_AMOUNT_DOLLARS * 100,
    });
  }
  if (content.customDiscount && content.customDiscount.amountCents > 0) {
    wanted.push({
      kind: 'custom',
      description: content.customDiscount.reason,
      amountCents: content.customDiscount.amountCents,
    });
  }
  let left = subtotalCents;
  const discounts = wanted.map((discount) => {
    const amountCents = Math.min(discount.amountCents, left);
    left -= amountCents;
    return { ...discount, amountCents };
  });
  const discountCents = subtotalCents - left;
  const taxCents = divideRoundingHalfUp(left * content.taxRateBasisPoints, 10_000);
  return { lineItems, subtotalCents, discounts, discountCents, taxCents, totalCents: left + taxCents };
}

/**
 * Each visit after the first of a recurring quote: the same quote without WELCOME40, which is for the
 * first cleaning only; the recurring and staff's own discounts stay (docs/decisions.md, "Scheduling").
 */
export function perVisitPricing(content: QuoteContent, table: PriceTable = PRICE_TABLE): QuotePricing {
  return priceQuote({ ...content, welcomeDiscount: false }, table);
}
