import { describe, expect, it } from 'vitest';
import { initialsOf } from './person.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Ana Ruiz')).toBe('AR');
    expect(initialsOf('  maría  josé de la Cruz ')).toBe('MC');
    expect(initialsOf('Ben')).toBe('BE');
    expect(initialsOf('   ')).toBe('?');
  });
});
