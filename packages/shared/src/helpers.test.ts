import { describe, expect, it } from 'vitest';
import { buildCsv, escapeCsvCell, neutraliseCell } from './csv.ts';
import { buildBookingUrl, resolveCompany } from './company.ts';
import {
  formatCalendarDate,
  formatCount,
  formatDealValue,
  formatPercent,
  formatRoomCount,
  formatRooms,
} from './format.ts';
import { MESSAGES } from './messages.ts';
import { matchesLeadSearch, phoneSearchDigits } from './lead-search.ts';
import { extractPlaceholders, findUnknownPlaceholders, renderTemplate } from './template-render.ts';

describe('template rendering', () => {
  it('replaces placeholders, tolerating inner spaces', () => {
    expect(renderTemplate('Hi {{firstName}} {{ lastName }}!', { firstName: 'Ana', lastName: 'Ruiz' })).toBe(
      'Hi Ana Ruiz!',
    );
  });
  it('renders missing and null values as empty, never "undefined"', () => {
    expect(renderTemplate('[{{notes}}][{{phone}}]', { notes: null })).toBe('[][]');
  });
  it('does not read inherited properties', () => {
    expect(renderTemplate('{{constructor}}', {})).toBe('');
  });
  it('extracts distinct placeholders in order and flags unknown ones', () => {
    expect(extractPlaceholders('{{a}} {{b}}', '{{a}} {{c}}')).toEqual(['a', 'b', 'c']);
    expect(findUnknownPlaceholders('{{firstName}} {{favouriteColour}}')).toEqual(['favouriteColour']);
  });
});

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const danger of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseCell(danger)).toBe(`'${danger}`);
    expect(neutraliseCell('Ana')).toBe('Ana');
  });
  it('quotes commas, quotes and newlines', () => {
    expect(escapeCsvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(escapeCsvCell(null)).toBe('');
  });
  it('builds a document with a header row', () => {
    const csv = buildCsv(
      [
        { key: 'name', header: 'Name' },
        { key: 'n', header: 'N' },
      ],
      [{ name: '=HYPERLINK("x")', n: 2 }],
    );
    expect(csv).toBe('Name,N\r\n"\'=HYPERLINK(""x"")",2\r\n');
  });
});

describe('formatting', () => {
  it('writes rooms in the right number', () => {
    expect(formatRooms('1', '1')).toBe('1 bedroom, 1 bathroom');
    expect(formatRooms('2', '1.5')).toBe('2 bedrooms, 1.5 bathrooms');
    expect(formatRoomCount('5+', 'bedroom')).toBe('5+ bedrooms');
    expect(formatRoomCount('3.5+', 'bathroom')).toBe('3.5+ bathrooms');
  });

  it('writes a calendar date in words, any other text as given', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatCalendarDate('2025-03-09')).toBe('Sun, Mar 9, 2025');
    expect(formatCalendarDate('next week')).toBe('next week');
  });

  it('shows deal values as whole dollars, 250 when absent', () => {
    expect(formatDealValue(null)).toBe('$250');
    expect(formatDealValue('1234.56')).toBe('$1,235');
  });
  it('shows percentages to one decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
  });
  it('puts a counted noun in the right number', () => {
    expect(formatCount(1, 'lead')).toBe('1 lead');
    expect(formatCount(0, 'lead')).toBe('0 leads');
    expect(formatCount(2, 'person', 'people')).toBe('2 people');
    expect(MESSAGES.export.successText(1, 'csv')).toBe('Downloaded 1 lead in CSV format.');
    expect(MESSAGES.export.successText(3, 'json')).toBe('Downloaded 3 leads in JSON format.');
  });
});

describe('lead search rule', () => {
  const lead = { firstName: 'John', lastName: 'Smith', email: 'JS@Example.com', phone: '(214) 555-0101' };
  it('matches full name and e-mail case-insensitively and phone as a substring', () => {
    expect(matchesLeadSearch(lead, 'john smi')).toBe(true);
    expect(matchesLeadSearch(lead, 'js@example')).toBe(true);
    expect(matchesLeadSearch(lead, '555-01')).toBe(true);
    expect(matchesLeadSearch(lead, 'doe')).toBe(false);
  });
  it('matches 4 or more digits against the phone whatever the punctuation', () => {
    for (const term of ['2145550101', '214-555-0101', '214.555.0101', '(214) 555 0101', '555-0101', '0101']) {
      expect(matchesLeadSearch(lead, term), term).toBe(true);
    }
    expect(matchesLeadSearch(lead, '214.555.0199')).toBe(false);
    // Three digits are a plain substring: "4 5" is not in "(214) 555-0101".
    expect(matchesLeadSearch(lead, '4 5')).toBe(false);
    expect(phoneSearchDigits('a1b2c3')).toBeNull();
    expect(phoneSearchDigits('(214) 555')).toBe('214555');
    expect(phoneSearchDigits('+1 214 555 0101')).toBe('12145550101');
  });
  it('does not read digits inside words or addresses as a phone', () => {
    // An address with digits in it is an address: "js0101@example.com" is not the phone digits 0101.
    expect(phoneSearchDigits('js0101@example.com')).toBeNull();
    expect(matchesLeadSearch(lead, 'ann0101')).toBe(false);
    expect(matchesLeadSearch({ ...lead, email: 'js0101@example.com' }, 'js0101@example.com')).toBe(true);
  });
});

describe('company details', () => {
  it('defaults to obviously fictional contact details and accepts overrides', () => {
    const company = resolveCompany({ PUBLIC_COMPANY_PHONE: '(972) 555-0111' });
    expect(company.phone).toBe('(972) 555-0111');
    expect(company.email).toMatch(/example\.com$/);
  });
  it('pre-applies the promo code to the booking link', () => {
    expect(buildBookingUrl(resolveCompany())).toMatch(/\?coupon=WELCOME40$/);
  });
});
