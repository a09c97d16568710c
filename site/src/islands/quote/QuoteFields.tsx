import type { FieldErrors, UseFormRegister } from 'react-hook-form';
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
    </>
  );
}
