import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import type { SelectOption } from '../form/fields.tsx';

// Option values are the shared enums (what the API stores); labels are for people.
const plural = (count: string, one: string, many: string) => `${count} ${count === '1' ? one : many}`;

export const BEDROOM_OPTIONS: readonly SelectOption[] = BEDROOM_CHOICES.map((value) => ({
  value,
  label: plural(value, 'Bedroom', 'Bedrooms'),
}));

export const BATHROOM_OPTIONS: readonly SelectOption[] = BATHROOM_CHOICES.map((value) => ({
  value,
  label: plural(value, 'Bathroom', 'Bathrooms'),
}));

export const CLEANING_TYPE_OPTIONS: readonly SelectOption[] = CLEANING_TYPES.map((value) => ({
  value,
  label: `${value} Cleaning`,
}));

export const FREQUENCY_OPTIONS: readonly SelectOption[] = FREQUENCIES.map((value) => ({ value, label: value }));
