import type { Identity, RequestField, Service } from '@shine/shared/intake';
import { fullName } from '../format/lead-labels.ts';

/** The value of a field a request may differ in (who the person is, the home and service), as staff read it. */
export function requestValue(person: Identity & Service, field: RequestField): string {
  if (field === 'name') return fullName(person);
  return person[field];
}

/** "name", "name and phone", "name, e-mail and phone". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
