// The quote builder's form and a draft, both ways, and the total it comes to while staff type: the
// shared pricing (integer cents), so the drawer shows what the customer will see to the cent.
import type { BathroomChoice, BedroomChoice, CleaningType, Frequency } from '@shine/shared/enums';
import {
  addOnPriceCents,
  formatCents,
  parseMoneyToCents,
  parsePercentToBasisPoints,
  priceQuote,
  QUOTE_ADD_ON_KEYS,
  type QuoteAddOnKey,
  type QuoteContent,
  type QuotePricing,
} from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import type { QuoteDraftInput } from './quotes.hooks.ts';

export interface QuoteFormValues {
  cleaningType: CleaningType;
  bedrooms: BedroomChoice;
  bathrooms: BathroomChoice;
  frequency: Frequency;
  /** Dollars as typed: "279.50". */
  price: string;
  /** Quantity per add-on of the price table; 0 or empty: not on the quote. */
  addOns: Partial<Record<QuoteAddOnKey, number | null>>;
  welcomeDiscount: boolean;
  recurringDiscountPercent: number | null;
  customDiscountAmount: string;
  customDiscountReason: string;
  /** Percent as typed: "8.25". */
  taxRate: string;
  validDays: number | null;
  message: string;
}

/** The fields whose server issues show beside them (a 400's first path segment). */
export const QUOTE_FORM_FIELDS = ['welcomeDiscount', 'recurringDiscountPercent', 'taxRate', 'validDays', 'message'];

export function formValuesOf(quote: Quote): QuoteFormValues {
  const addOns: QuoteFormValues['addOns'] = {};
  for (const addOn of quote.addOns) addOns[addOn.key] = addOn.quantity;
  return {
    cleaningType: quote.cleaning.cleaningType,
    bedrooms: quote.cleaning.bedrooms,
    bathrooms: quote.cleaning.bathrooms,
    frequency: quote.cleaning.frequency,
    price: quote.cleaning.price,
    addOns,
    welcomeDiscount: quote.welcomeDiscount,
    recurringDiscountPercent: quote.recurringDiscountPercent,
    customDiscountAmount: quote.customDiscount?.amount ?? '',
    customDiscountReason: quote.customDiscount?.reason ?? '',
    taxRate: quote.taxRate,
    validDays: quote.validDays,
    message: quote.message ?? '',
  };
}

/** An add-on keeps the unit price the draft had (staff may have agreed one); a new one takes the table's. */
function unitPriceCentsOf(quote: Quote, key: QuoteAddOnKey): number {
  const kept = quote.addOns.find((addOn) => addOn.key === key);
  return kept ? (parseMoneyToCents(kept.unitPrice) ?? addOnPriceCents(key)) : addOnPriceCents(key);
}

const chosenAddOns = (values: QuoteFormValues) =>
  QUOTE_ADD_ON_KEYS.flatMap((key) => {
    const quantity = values.addOns?.[key];
    return typeof quantity === 'number' && quantity > 0 ? [{ key, quantity }] : [];
  });

/** PATCH /api/admin/quotes/{id}: every field of the form (the server checks them again). */
export function draftInputOf(values: QuoteFormValues, quote: Quote): QuoteDraftInput {
  const amount = values.customDiscountAmount.trim();
  return {
    cleaning: {
      cleaningType: values.cleaningType,
      bedrooms: values.bedrooms,
      bathrooms: values.bathrooms,
      frequency: values.frequency,
      price: values.price.trim(),
    },
    addOns: chosenAddOns(values).map(({ key, quantity }) => ({
      key,
      quantity,
      unitPrice: formatCents(unitPriceCentsOf(quote, key)),
    })),
    welcomeDiscount: values.welcomeDiscount,
    recurringDiscountPercent: values.recurringDiscountPercent ?? 0,
    customDiscount: amount === '' ? null : { amount, reason: values.customDiscountReason.trim() },
    taxRate: values.taxRate.trim() || '0',
    // An emptied field goes as it is, for the server to refuse with its message (as before the types).
    validDays: values.validDays as number,
    message: values.message.trim() === '' ? null : values.message.trim(),
  };
}

/** What the form comes to, or undefined while an amount is not readable yet. */
export function pricingOf(values: QuoteFormValues, quote: Quote): QuotePricing | undefined {
  const priceCents = parseMoneyToCents(values.price.trim());
  const taxRateBasisPoints = parsePercentToBasisPoints(values.taxRate.trim() || '0');
  const amount = values.customDiscountAmount.trim();
  const customCents = amount === '' ? 0 : parseMoneyToCents(amount);
  if (priceCents === undefined || taxRateBasisPoints === undefined || customCents === undefined) return undefined;
  const content: QuoteContent = {
    cleaning: {
      cleaningType: values.cleaningType,
      bedrooms: values.bedrooms,
      bathrooms: values.bathrooms,
      frequency: values.frequency,
      priceCents,
    },
    addOns: chosenAddOns(values).map(({ key, quantity }) => ({
      key,
      quantity,
      unitPriceCents: unitPriceCentsOf(quote, key),
    })),
    welcomeDiscount: values.welcomeDiscount,
    recurringDiscountPercent: values.recurringDiscountPercent ?? 0,
    customDiscount: customCents > 0 ? { amountCents: customCents, reason: values.customDiscountReason } : null,
    taxRateBasisPoints,
  };
  return priceQuote(content);
}
