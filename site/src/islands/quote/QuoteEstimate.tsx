import { PROMO_CODE } from '@shine/shared/constants';
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  CLEANING_TYPES,
  FREQUENCIES,
  type BathroomChoice,
  type BedroomChoice,
  type CleaningType,
  type Frequency,
} from '@shine/shared/enums';
import {
  type Estimate,
  type EstimateInput,
  estimateQuote,
  formatEstimateRange,
  PRICE_TABLE,
} from '@shine/shared/pricing';

const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);

/** The four choices the estimate needs, once all of them are made. */
export function toEstimateInput(values: {
  bedrooms?: unknown;
  bathrooms?: unknown;
  cleaningType?: unknown;
  frequency?: unknown;
}): EstimateInput | null {
  const { bedrooms, bathrooms, cleaningType, frequency } = values;
  if (
    !isOneOf<BedroomChoice>(BEDROOM_CHOICES, bedrooms) ||
    !isOneOf<BathroomChoice>(BATHROOM_CHOICES, bathrooms) ||
    !isOneOf<CleaningType>(CLEANING_TYPES, cleaningType) ||
    !isOneOf<Frequency>(FREQUENCIES, frequency)
  ) {
    return null;
  }
  return { bedrooms, bathrooms, cleaningType, frequency };
}

function EstimateText({ estimate }: { estimate: Estimate | null }) {
  if (estimate === null) {
    return (
      <p className="estimate__hint">
        Choose bedrooms, bathrooms, cleaning type and frequency to see your instant estimate.
      </p>
    );
  }
  if (estimate.kind === 'walkthrough') {
    return (
      <p className="estimate__walkthrough">
        {estimate.reason} Send your request and we'll arrange a time that suits you.
      </p>
    );
  }
  return (
    <>
      <p className="estimate__range">{formatEstimateRange(estimate)}</p>
      <p className="estimate__promo">
        First cleaning ${estimate.firstVisitLow}–${estimate.firstVisitHigh} with code{' '}
        <span className="estimate__code">{PROMO_CODE}</span> (${PRICE_TABLE.firstCleaningDiscount} off).
      </p>
    </>
  );
}

/**
 * The instant estimate under the form, recomputed as the choices change. A polite live region: screen
 * readers hear the new range once the visitor pauses, without losing their place.
 */
export function QuoteEstimate({ input }: { input: EstimateInput | null }) {
  const estimate = input ? estimateQuote(input) : null;
  return (
    <section className="estimate" aria-labelledby="quote-estimate-title">
      <h2 id="quote-estimate-title" className="estimate__title">
        Instant estimate
      </h2>
      <div aria-live="polite" aria-atomic="true" data-testid="quote-estimate">
        <EstimateText estimate={estimate} />
      </div>
      <p className="estimate__note">Your final price is confirmed in your personal quote.</p>
    </section>
  );
}
