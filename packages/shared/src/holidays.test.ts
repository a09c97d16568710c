import { describe, expect, it } from 'vitest';
import { upcomingUsFederalHolidays, usFederalHolidays } from './holidays.ts';

const dates = (year: number) => Object.fromEntries(usFederalHolidays(year).map((h) => [h.name, h.date]));

describe('US federal holidays', () => {
  it('computes 2026 with observed days (Independence Day on a Saturday is observed Friday)', () => {
    expect(dates(2026)).toEqual({
      'New Year’s Day': '2026-01-01',
      'Martin Luther King Jr. Day': '2026-01-19',
      'Washington’s Birthday': '2026-02-16',
      'Memorial Day': '2026-05-25',
      Juneteenth: '2026-06-19',
      'Independence Day': '2026-07-03',
      'Labor Day': '2026-09-07',
      'Columbus Day': '2026-10-12',
      'Veterans Day': '2026-11-11',
      'Thanksgiving Day': '2026-11-26',
      'Christmas Day': '2026-12-25',
    });
  });

  it('moves a Sunday holiday to Monday and a Saturday one to Friday', () => {
    // 2027: Juneteenth on a Saturday, Christmas on a Saturday; 2028: New Year on a Saturday (observed 2027-12-31).
    expect(dates(2027)['Juneteenth']).toBe('2027-06-18');
    expect(dates(2027)['Christmas Day']).toBe('2027-12-24');
    expect(dates(2028)['New Year’s Day']).toBe('2027-12-31');
    // 2023: New Year's Day on a Sunday, observed Monday.
    expect(dates(2023)['New Year’s Day']).toBe('2023-01-02');
    // Memorial Day 2027: the last Monday of May is the 31st.
    expect(dates(2027)['Memorial Day']).toBe('2027-05-31');
  });

  it('lists the next 12 months in order, from today', () => {
    const list = upcomingUsFederalHolidays('2026-12-03');
    expect(list.map((h) => h.date)).toEqual([
      '2026-12-25',
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
    ]);
    expect(upcomingUsFederalHolidays('2027-12-25').map((h) => h.date)[0]).toBe('2027-12-31');
  });
});
