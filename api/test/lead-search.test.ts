// The SQL lead search (leads/lead-filter.ts) against its reference, the shared matchesLeadSearch():
// over generated leads and terms, both answer the same leads, on PGlite and on PostgreSQL. Names and
// e-mails are ASCII: SQL lower() follows the database's locale, JavaScript's toLowerCase() Unicode,
// and the product's search promises case-insensitivity for what its forms accept, not every script.
import { matchesLeadSearch } from '@shine/shared/lead-search';
import { createRandom } from '@shine/shared/random';
import { expect, it } from 'vitest';
import { applyLeadFilter } from '../src/leads/lead-filter.ts';
import { describeApi, useTestApp } from './support/test-app.ts';

const FIRST_NAMES = ['Ann', 'Bo', 'Mary-Jane', "D'Arcy", 'Smith', 'Li', 'Al_x', '50%', 'Ray\\n'];
const LAST_NAMES = ['Lee', 'Smith', "O'Brien", 'de la Cruz', 'Nguyen', 'Ann', 'Smithers', 'Kowalski'];
const DOMAINS = ['example.com', 'Mail.Example.org', 'shine.test'];
const PHONE_FORMATS = [
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d: string) => d,
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)} x12`,
];
const NOISE = ['%', '_', '\\', ' ', '-', '.', '(', ')', "'", '@', 'a', 'Z', '5', '0'];

interface Person {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

function generate(seed: number) {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const flipCase = (text: string) =>
    [...text].map((c) => (random() < 0.3 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
  const slice = (text: string) => {
    const start = Math.floor(random() * text.length);
    return text.slice(start, start + 1 + Math.floor(random() * 8));
  };

  const people: Person[] = Array.from({ length: 40 }, () => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return {
      first_name: first,
      last_name: last,
      email: `${flipCase(first.replace(/[^A-Za-z]/g, '') || 'x')}.${last.replace(/[^A-Za-z]/g, '')}${digits(2)}@${pick(DOMAINS)}`,
      phone: pick(PHONE_FORMATS)(`${pick(['214', '972', '817'])}555${digits(4)}`),
    };
  });

  const terms = Array.from({ length: 60 }, () => {
    const person = pick(people);
    const kind = Math.floor(random() * 6);
    if (kind === 0) return flipCase(slice(`${person.first_name} ${person.last_name}`));
    if (kind === 1) return flipCase(slice(person.email));
    if (kind === 2) return slice(person.phone);
    // A phone's digits, punctuated another way (4+ digits match across punctuation, fewer do not).
    if (kind === 3) return pick(PHONE_FORMATS)(person.phone.replace(/\D/g, '').slice(-10)).slice(0, 3 + random() * 12);
    if (kind === 4) return `  ${slice(person.last_name)} `;
    return Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(NOISE)).join('');
  });
  return { people, terms };
}

describeApi('lead search: SQL against the shared reference rule', () => {
  const t = useTestApp();

  it.each([1, 2, 3, 20251126])('answers what matchesLeadSearch answers, seed %i', async (seed) => {
    const { people, terms } = generate(seed);
    const defaults = { zipcode: '75201', bedrooms: '2', bathrooms: '1', cleaning_type: 'Basic', frequency: 'Weekly' };
    const rows = (await t
      .db('leads')
      .insert(people.map((person) => ({ ...defaults, ...person })))
      .returning(['id', 'first_name', 'last_name', 'email', 'phone'])) as Array<Person & { id: string }>;

    let matchedSome = 0;
    for (const term of terms) {
      const expected = rows
        .filter((row) =>
          matchesLeadSearch(
            { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone },
            term,
          ),
        )
        .map((row) => row.id)
        .sort();
      const found = (await applyLeadFilter(t.db('leads').select('id'), { search: term })) as Array<{ id: string }>;
      expect(found.map((row) => row.id).sort(), `seed ${seed}, term ${JSON.stringify(term)}`).toEqual(expected);
      if (expected.length > 0 && expected.length < rows.length) matchedSome += 1;
    }
    // The terms tell leads apart: most select some leads and not others.
    expect(matchedSome).toBeGreaterThan(terms.length / 2);
  });
});
