import { describe, expect, it } from 'vitest';
import { renderTemplate, renderTemplateParts } from './template-render.ts';

describe('renderTemplateParts', () => {
  const values = { firstName: 'Ann', notes: null, bookingUrl: 'https://book.example' };
  const text = 'Hi {{ firstName }}! {{notes}}Book at {{bookingUrl}}.';

  it('joins to what renderTemplate renders', () => {
    expect(
      renderTemplateParts(text, values)
        .map((part) => part.text)
        .join(''),
    ).toBe(renderTemplate(text, values));
  });

  it('marks a lead’s values, not the template’s words or the company’s values', () => {
    expect(renderTemplateParts(text, values)).toEqual([
      { text: 'Hi ', isLeadValue: false },
      { text: 'Ann', isLeadValue: true },
      { text: '! ', isLeadValue: false },
      { text: 'Book at ', isLeadValue: false },
      { text: 'https://book.example', isLeadValue: false },
      { text: '.', isLeadValue: false },
    ]);
  });
});
