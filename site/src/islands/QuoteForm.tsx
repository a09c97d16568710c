import { MESSAGES } from '@shine/shared/messages';
import type { QuoteRequestSubmission } from '@shine/shared/quote-request';
import { type SubmitEvent, useRef, useState } from 'react';
import { type DefaultValues, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from './form/fields.tsx';
import { createLazyResolver } from './form/lazy-resolver.ts';
import { QuoteEstimate, toEstimateInput } from './quote/QuoteEstimate.tsx';
import { createFillTimer } from './quote/fill-timer.ts';
import { QuoteFields } from './quote/QuoteFields.tsx';
import { readAttribution } from '../scripts/attribution.ts';
import { buildQuotePayload, isQuoteFieldName, type QuoteFormInput } from './quote/quote-payload.ts';
import { submitQuote } from './quote/submit-quote.ts';
import { saveFlashToast, useToast } from './toast/toast.ts';
import { ToastViewport } from './toast/ToastViewport.tsx';

const THANK_YOU_PATH = '/thank-you';

// The selects start on their "Select ..." option (undefined → ""), which the schema rejects with
// the "Please select ..." messages of docs/requirements.md#validation.
const DEFAULT_VALUES: DefaultValues<QuoteFormInput> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  zipcode: '',
  notes: '',
  smsConsent: false,
  website: '',
};

const { resolver, preload } = createLazyResolver<QuoteFormInput, QuoteRequestSubmission>(() =>
  import('./quote/quote-resolver.ts').then((module) => module.quoteResolver),
);

/**
 * The quote request form (docs/requirements.md#quote-form) with the shared zod schema. react-hook-form's defaults
 * validate on submit, re-validate on change and move focus to the first invalid field. On any
 * failure every value stays as typed; on success the thank-you page shows the success toast.
 */
export function QuoteForm() {
  const { toast, show, dismiss } = useToast();
  const [isLeaving, setLeaving] = useState(false);
  // A ref, not state: a second click in the same frame must see the first submission.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormInput, unknown, QuoteRequestSubmission>({ resolver, defaultValues: DEFAULT_VALUES });
  const [bedrooms, bathrooms, cleaningType, frequency] = useWatch({
    control,
    name: ['bedrooms', 'bathrooms', 'cleaningType', 'frequency'],
  });
  // From the first touch of the form: the API holds for review a form sent faster than a person fills it.
  const [fillTimer] = useState(createFillTimer);
  const onFirstTouch = () => fillTimer.touch();

  const showError = (message: string) =>
    show({ title: MESSAGES.quote.errorTitle, description: message, variant: 'error' });

  // Read when the visitor submits, not after validation (whose module may still be loading).
  const submittedAfterMs = useRef(0);

  const onValid = async (values: QuoteRequestSubmission) => {
    const elapsedMs = submittedAfterMs.current;
    const result = await submitQuote(buildQuotePayload(values, { elapsedMs, attribution: readAttribution() }));
    if (result.ok) {
      saveFlashToast({
        title: MESSAGES.quote.successTitle,
        description: MESSAGES.quote.successText,
        variant: 'success',
      });
      setLeaving(true);
      window.location.assign(THANK_YOU_PATH);
      return;
    }
    // The server validates with the same schema; show any field it rejected next to that field.
    let shouldFocus = true;
    for (const issue of result.issues) {
      if (!isQuoteFieldName(issue.path)) continue;
      setError(issue.path, { type: 'server', message: issue.message }, { shouldFocus });
      shouldFocus = false;
    }
    showError(result.message);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    if (inFlight.current || isLeaving) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    submittedAfterMs.current = fillTimer.elapsedMs();
    try {
      await handleSubmit(onValid)(event);
    } catch {
      // The validation module could not be fetched (offline): nothing was sent, the values stay.
      showError(MESSAGES.quote.errorFallback);
    } finally {
      inFlight.current = false;
    }
  };

  const isBusy = isSubmitting || isLeaving;
  return (
    <>
      <form
        className="form-card"
        method="post"
        noValidate
        aria-label="Quote request"
        aria-busy={isBusy}
        onSubmit={onSubmit}
        onFocus={() => {
          onFirstTouch();
          preload();
        }}
        onPointerEnter={preload}
        onPointerDown={onFirstTouch}
        onKeyDown={onFirstTouch}
        onInput={onFirstTouch}
      >
        <div className="form-grid">
          <p className="form-note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are required.
          </p>
          <QuoteFields register={register} errors={errors} />
          <QuoteEstimate input={toEstimateInput({ bedrooms, bathrooms, cleaningType, frequency })} />
          {/* Honeypot: people never see or reach it; bots that fill every input reveal themselves. */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="quote-website">Leave this field empty</label>
            <input id="quote-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </div>
          <div className="form-actions">
            <SubmitButton busy={isBusy} label="Get My Free Quote" busyLabel="Submitting..." />
          </div>
        </div>
      </form>
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </>
  );
}
