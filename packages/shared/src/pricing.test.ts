import { describe, expect, it } from 'vitest';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from './enums.ts';
import { PRICE_TABLE, estimateQuote, estimateValueOf, formatEstimateRange } from './pricing.ts';

describe('estimateQuote', () => {
  it('prices the smallest one-time basic clean at the starting price', () => {
    const estimate = estimateQuote({ bedrooms: '1', bathrooms: '1', cleaningType: 'Basic', frequency: 'One Time' });
    expect(estimate).toMatchObject({ kind: 'estimate', low: 180, high: 220, midpoint: 199 });
    if (estimate.kind === 'estimate') expect(estimate.breakdown.perVisit).toBe(199);
  });

  it('adds per-room steps and applies the recurring discount', () => {
    const estimate = estimateQuote({ bedrooms: '3', bathrooms: '2', cleaningType: 'Basic', frequency: 'Biweekly' });
    // 199 + 2×30 + 2 half-baths×15 = 289; 15% off = 289 − 43 = 246; ±10% → 221.4–270.6 → $220–$270
    expect(estimate).toMatchObject({
      kind: 'estimate',
      low: 220,
      high: 270,
      midpoint: 246,
      firstVisitLow: 180,
      firstVisitHigh: 230,
      breakdown: { subtotal: 289, discountPercent: 15, discount: 43, perVisit: 246 },
    });
    if (estimate.kind === 'estimate') expect(formatEstimateRange(estimate)).toBe('Estimated $220–$270 per visit');
  });

  it('values the estimate at the per-visit price its breakdown adds up to, not the centre of the rounded range', () => {
    for (const cleaningType of CLEANING_TYPES) {
      for (const frequency of FREQUENCIES) {
        for (const bedrooms of BEDROOM_CHOICES) {
          for (const bathrooms of BATHROOM_CHOICES) {
            const estimate = estimateQuote({ bedrooms, bathrooms, cleaningType, frequency });
            if (estimate.kind !== 'estimate') continue;
            const { subtotal, discount, perVisit } = estimate.breakdown;
            expect(subtotal - discount).toBe(perVisit);
            expect(estimate.midpoint).toBe(perVisit);
            expect(estimateValueOf(estimate)).toBe(perVisit);
          }
        }
      }
    }
    expect(estimateValueOf({ kind: 'walkthrough', reason: 'x' })).toBeNull();
  });

  it('does not discount move-in/out cleans for frequency', () => {
    const estimate = estimateQuote({ bedrooms: '2', bathrooms: '1', cleaningType: 'Move In/Out', frequency: 'Weekly' });
    expect(estimate.kind === 'estimate' && estimate.breakdown.discountPercent).toBe(0);
  });

  it('asks for a walkthrough where the table says so', () => {
    expect(
      estimateQuote({ bedrooms: '5+', bathrooms: '2', cleaningType: 'Move In/Out', frequency: 'One Time' }).kind,
    ).toBe('walkthrough');
    expect(estimateQuote({ bedrooms: '5+', bathrooms: '3.5+', cleaningType: 'Deep', frequency: 'One Time' }).kind).toBe(
      'walkthrough',
    );
    expect(estimateQuote({ bedrooms: '5+', bathrooms: '3', cleaningType: 'Deep', frequency: 'One Time' }).kind).toBe(
      'estimate',
    );
  });

  it('is ordered: more rooms never cost less, and every combination has a sane answer', () => {
    for (const cleaningType of CLEANING_TYPES) {
      for (const frequency of FREQUENCIES) {
        let previous = 0;
        for (const bedrooms of BEDROOM_CHOICES) {
          for (const bathrooms of BATHROOM_CHOICES) {
            const estimate = estimateQuote({ bedrooms, bathrooms, cleaningType, frequency });
            if (estimate.kind !== 'estimate') continue;
            expect(estimate.low).toBeLessThanOrEqual(estimate.midpoint);
            expect(estimate.midpoint).toBeLessThanOrEqual(estimate.high);
            expect(estimate.firstVisitLow).toBe(estimate.low - PRICE_TABLE.firstCleaningDiscount);
            if (bathrooms === '1') {
              expect(estimate.breakdown.perVisit).toBeGreaterThanOrEqual(previous);
              previous = estimate.breakdown.perVisit;
            }
          }
        }
      }
    }
  });
});
