// Property tests of the quote arithmetic (packages/shared/src/quote-pricing.ts): for any quote, the
// sums hold exactly, nothing is negative, discounts never exceed what they discount, and the total
// equals an independent computation in BigInt (no binary fractions anywhere).
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import {
  divideRoundingHalfUp,
  formatCents,
  parseMoneyToCents,
  parsePercentToBasisPoints,
  priceQuote,
  QUOTE_ADD_ON_KEYS,
  type QuoteContent,
} from '@shine/shared/quote-pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const cents = (max: number) => fc.integer({ min: 0, max });

const contentArbitrary: fc.Arbitrary<QuoteContent> = fc.record({
  cleaning: fc.record({
    cleaningType: fc.constantFrom(...CLEANING_TYPES),
    bedrooms: fc.constantFrom(...BEDROOM_CHOICES),
    bathrooms: fc.constantFrom(...BATHROOM_CHOICES),
    frequency: fc.constantFrom(...FREQUENCIES),
    priceCents: cents(999_999_99),
  }),
  addOns: fc.uniqueArray(
    fc.record({
      key: fc.constantFrom(...QUOTE_ADD_ON_KEYS),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitPriceCents: cents(9_999_99),
    }),
    { selector: (addOn) => addOn.key, maxLength: QUOTE_ADD_ON_KEYS.length },
  ),
  welcomeDiscount: fc.boolean(),
  recurringDiscountPercent: fc.integer({ min: 0, max: 100 }),
  customDiscount: fc.option(fc.record({ amountCents: cents(9_999_999_99), reason: fc.constant('Because') }), {
    nil: null,
  }),
  taxRateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
});

/** The same rules in BigInt: half-up division, discounts in order, each capped at what is left. */
function referenceTotal(content: QuoteContent): bigint {
  const half = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
  const cleaning = BigInt(content.cleaning.priceCents);
  let left = content.addOns.reduce((sum, a) => sum + BigInt(a.quantity) * BigInt(a.unitPriceCents), cleaning);
  const wanted = [
    half(cleaning * BigInt(content.recurringDiscountPercent), 100n),
    content.welcomeDiscount ? 4000n : 0n,
    BigInt(content.customDiscount?.amountCents ?? 0),
  ];
  // biome-ignore lint/complexity/useMathMinMax: Math.min takes no BigInt.
  for (const amount of wanted) left -= amount < left ? amount : left;
  return left + half(left * BigInt(content.taxRateBasisPoints), 10_000n);
}

describe('quote arithmetic', () => {
  it('sums exactly: subtotal = Σ lines, total = subtotal − discounts + tax, all whole cents', () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        const priced = priceQuote(content);
        const lines = priced.lineItems.reduce((sum, item) => sum + item.amountCents, 0);
        const discounts = priced.discounts.reduce((sum, d) => sum + d.amountCents, 0);
        expect(priced.subtotalCents).toBe(lines);
        expect(priced.discountCents).toBe(discounts);
        expect(priced.totalCents).toBe(priced.subtotalCents - priced.discountCents + priced.taxCents);
        for (const value of [priced.subtotalCents, priced.discountCents, priced.taxCents, priced.totalCents]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
    );
  });

  it('never goes negative, and discounts never exceed the subtotal', () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        const priced = priceQuote(content);
        expect(priced.discountCents).toBeLessThanOrEqual(priced.subtotalCents);
        expect(priced.totalCents).toBeGreaterThanOrEqual(0);
        for (const discount of priced.discounts) expect(discount.amountCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('agrees with an independent BigInt computation', () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        expect(BigInt(priceQuote(content).totalCents)).toBe(referenceTotal(content));
      }),
    );
  });

  it('adds no tax at a zero rate, and one more add-on never lowers the subtotal', () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        expect(priceQuote({ ...content, taxRateBasisPoints: 0 }).taxCents).toBe(0);
        const [first, ...rest] = content.addOns;
        if (!first) return;
        const fewer = priceQuote({ ...content, addOns: rest });
        expect(priceQuote(content).subtotalCents).toBeGreaterThanOrEqual(fewer.subtotalCents);
      }),
    );
  });

  it('rounds half up without fractions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        const expected = (BigInt(n) * 2n + BigInt(d)) / (2n * BigInt(d));
        expect(BigInt(divideRoundingHalfUp(n, d))).toBe(expected);
      }),
    );
  });

  it('reads and writes money exactly: format(parse(x)) keeps the cents', () => {
    fc.assert(
      fc.property(cents(999_999_999), (value) => {
        expect(parseMoneyToCents(formatCents(value))).toBe(value);
      }),
    );
    expect(parseMoneyToCents('0.1')).toBe(10);
    expect(parseMoneyToCents('1e3')).toBeUndefined();
    expect(parseMoneyToCents('-5')).toBeUndefined();
    expect(parseMoneyToCents('1.005')).toBeUndefined();
    expect(parsePercentToBasisPoints('8.25')).toBe(825);
    expect(parsePercentToBasisPoints('100.01')).toBeUndefined();
  });
});
