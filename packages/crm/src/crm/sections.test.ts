import { describe, expect, it } from 'vitest';
import { sectionsFor } from './sections.tsx';

describe('sectionsFor', () => {
  it('offers Team and Audit to admins only', () => {
    expect(sectionsFor(true)).toContain('team');
    expect(sectionsFor(true)).toContain('audit');
    expect(sectionsFor(false)).not.toContain('team');
    expect(sectionsFor(false)).not.toContain('audit');
    expect(sectionsFor(false)).toContain('automations');
  });
});
