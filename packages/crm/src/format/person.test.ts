import { describe, expect, it } from 'vitest';
import { countLeads, initialsOf } from './person.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Ana Ruiz')).toBe('AR');
    expect(initialsOf('  maría  josé de la Cruz ')).toBe('MC');
    expect(initialsOf('Ben')).toBe('BE');
    expect(initialsOf('   ')).toBe('?');
  });
});

describe('countLeads', () => {
  it('writes one lead in the singular', () => {
    expect(countLeads(1)).toBe('1 lead');
    expect(countLeads(3)).toBe('3 leads');
    expect(countLeads(0)).toBe('0 leads');
  });
});
