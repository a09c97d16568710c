// The lead's service address in the CRM: shown on one line with a map link (an ordinary map search,
// no API key, in a new tab), and the four fields staff fill in (the drawer, "Book a visit"), checked
// with the API's own schema so the messages are the same.
import {
  formatServiceAddress,
  isInServiceArea,
  mapUrlOf,
  type ServiceAddress,
  serviceAddressInputSchema,
} from '@shine/shared/service-address';
import { Input, Typography } from 'antd';
import { useId } from 'react';

/** A link to the address on a map, named for screen readers by the address it opens. */
export function MapLink({ address }: { address: ServiceAddress }) {
  return (
    <a
      className="map-link"
      href={mapUrlOf(address)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Map of ${formatServiceAddress(address)} (opens in a new tab)`}
    >
      Map
    </a>
  );
}

/** "12 Elm St, Apt 4, Plano, TX 75024 · Map", or what to say when there is none. */
export function ServiceAddressText({
  address,
  none = 'No address yet',
}: {
  address: ServiceAddress | null;
  none?: string;
}) {
  if (!address) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <span className="service-address">
      <span>{formatServiceAddress(address)}</span> <MapLink address={address} />
    </span>
  );
}

/** The fields as typed. */
export interface AddressDraft {
  line1: string;
  line2: string;
  city: string;
  zip: string;
}

export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

export const EMPTY_ADDRESS_DRAFT: AddressDraft = { line1: '', line2: '', city: '', zip: '' };

/** The fields of a saved address, or of none (the request's ZIP, when given, prefilled). */
export function draftOf(address: ServiceAddress | null | undefined, zip = ''): AddressDraft {
  return address
    ? { line1: address.line1, line2: address.line2 ?? '', city: address.city, zip: address.zip }
    : { ...EMPTY_ADDRESS_DRAFT, zip };
}

export const isBlankDraft = (draft: AddressDraft) => Object.values(draft).every((value) => value.trim() === '');

/** The address the fields make, or the message beside each field that fails the API's rule. */
export function parseAddressDraft(draft: AddressDraft): { address: ServiceAddress } | { errors: AddressErrors } {
  const parsed = serviceAddressInputSchema.safeParse(draft);
  if (parsed.success) return { address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof AddressDraft;
    errors[field] ??= issue.message;
  }
  return { errors };
}

const FIELDS: ReadonlyArray<{ name: keyof AddressDraft; label: string; autoComplete: string; optional?: true }> = [
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Apartment, suite or unit (optional)', autoComplete: 'address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

/** The four fields, each labelled, its problem beside it; a city outside the service area is only warned of. */
export function ServiceAddressFields({
  value,
  onChange,
  errors = {},
  legend = 'Service address',
}: {
  value: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  errors?: AddressErrors;
  legend?: string;
}) {
  const id = useId();
  const outside = value.city.trim() !== '' && !isInServiceArea({ city: value.city });
  return (
    <fieldset className="service-address-fields">
      <legend>{legend}</legend>
      {FIELDS.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const error = errors[field.name];
        const hint = field.name === 'city' && outside && !error;
        return (
          <div key={field.name} className="service-address-field">
            <label htmlFor={fieldId}>{field.label}</label>
            <Input
              id={fieldId}
              autoComplete={field.autoComplete}
              inputMode={field.name === 'zip' ? 'numeric' : undefined}
              value={value[field.name]}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
              onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
            />
            {error ? (
              <Typography.Text type="danger" id={`${fieldId}-error`}>
                {error}
              </Typography.Text>
            ) : null}
            {hint ? (
              <Typography.Text type="secondary" id={`${fieldId}-hint`}>
                Outside the service area: customers cannot book it online.
              </Typography.Text>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
