import { describe, expect, it } from 'vitest';
import { defaultSectionFor, sectionsFor } from './sections.tsx';

describe('sectionsFor', () => {
  it('offers Team, Settings and Audit to admins only', () => {
    expect(sectionsFor(true)).toContain('team');
    expect(sectionsFor(true)).toContain('settings');
    expect(sectionsFor(true)).toContain('audit');
    expect(sectionsFor(false)).not.toContain('team');
    expect(sectionsFor(false)).not.toContain('settings');
    expect(sectionsFor(false)).not.toContain('audit');
    expect(sectionsFor(false)).toContain('automations');
  });
});

describe('My Day', () => {
  it('is the first section and the landing screen for sales, second for admins', () => {
    expect(sectionsFor(false).slice(0, 2)).toEqual(['my-day', 'dashboard']);
    expect(sectionsFor(true).slice(0, 2)).toEqual(['dashboard', 'my-day']);
    expect(defaultSectionFor(false)).toBe('my-day');
    expect(defaultSectionFor(true)).toBe('dashboard');
  });
});
