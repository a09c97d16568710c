import type { Identity, IdentityField } from '@shine/shared/intake';
import { fullName } from '../format/lead-labels.ts';

/** The value of an identity field as staff read it. */
export function identityValue(person: Identity, field: IdentityField): string {
  if (field === 'name') return fullName(person);
  return person[field];
}

/** "name", "name and phone", "name, e-mail and phone". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
