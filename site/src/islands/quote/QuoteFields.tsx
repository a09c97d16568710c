import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SMS_CONSENT_DISCLOSURE, SMS_CONSENT_LABEL } from '@shine/shared/sms-consent';
import { SelectField, TextAreaField, TextField } from '../form/fields.tsx';
import { BATHROOM_OPTIONS, BEDROOM_OPTIONS, CLEANING_TYPE_OPTIONS, FREQUENCY_OPTIONS } from './quote-options.ts';
import type { QuoteFormInput } from './quote-payload.ts';

interface Props {
  register: UseFormRegister<QuoteFormInput>;
  errors: FieldErrors<QuoteFormInput>;
}

/** The fields of docs/requirements.md#quote-form, in order; every one but the notes is required. */
export function QuoteFields({ register, errors }: Props) {
  return (
    <>
      <TextField
        id="quote-first-name"
        className="field--half"
        label="First Name"
        isRequired
        autoComplete="given-name"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        id="quote-last-name"
        className="field--half"
        label="Last Name"
        isRequired
        autoComplete="family-name"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <TextField
        id="quote-email"
        className="field--half"
        label="Email Address"
        isRequired
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="quote-phone"
        className="field--half"
        label="Phone Number"
        isRequired
        type="tel"
        autoComplete="tel"
        registration={register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        id="quote-zipcode"
        className="field--half field--row-start"
        label="Zip Code"
        isRequired
        autoComplete="postal-code"
        inputMode="numeric"
        registration={register('zipcode')}
        error={errors.zipcode?.message}
      />
      <SelectField
        id="quote-bedrooms"
        className="field--half field--row-start"
        label="Number of Bedrooms"
        isRequired
        placeholder="Select bedrooms"
        options={BEDROOM_OPTIONS}
        registration={register('bedrooms')}
        error={errors.bedrooms?.message}
      />
      <SelectField
        id="quote-bathrooms"
        className="field--half"
        label="Number of Bathrooms"
        isRequired
        placeholder="Select bathrooms"
        options={BATHROOM_OPTIONS}
        registration={register('bathrooms')}
        error={errors.bathrooms?.message}
      />
      <SelectField
        id="quote-cleaning-type"
        className="field--half"
        label="Cleaning Type"
        isRequired
        placeholder="Select cleaning type"
        options={CLEANING_TYPE_OPTIONS}
        registration={register('cleaningType')}
        error={errors.cleaningType?.message}
      />
      <SelectField
        id="quote-frequency"
        className="field--half"
        label="Cleaning Frequency"
        isRequired
        placeholder="Select frequency"
        options={FREQUENCY_OPTIONS}
        registration={register('frequency')}
        error={errors.frequency?.message}
      />
      <TextAreaField
        id="quote-notes"
        label="Additional Notes"
        placeholder="Pets, access instructions, areas that need extra attention..."
        rows={4}
        registration={register('notes')}
        error={errors.notes?.message}
      />
      {/* Optional and unticked: texts need the visitor's own consent (docs/requirements.md#sms-consent). */}
      <div className="field consent">
        <label className="consent__label" htmlFor="quote-sms-consent">
          <input
            id="quote-sms-consent"
            className="consent__box"
            type="checkbox"
            aria-describedby="quote-sms-consent-disclosure"
            {...register('smsConsent')}
          />
          <span>
            {SMS_CONSENT_LABEL}
            <span className="field__optional"> (optional)</span>
          </span>
        </label>
        <p className="field__hint consent__disclosure" id="quote-sms-consent-disclosure">
          {SMS_CONSENT_DISCLOSURE} See our <a href="/privacy">Privacy Policy</a>.
        </p>
      </div>
    </>
  );
}
