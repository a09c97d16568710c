import { describe, expect, it } from 'vitest';
import { DIGEST_NAME_MAX, staffAlertDigestText } from './speed-to-lead.ts';

const LINK = 'https://shine.example/admin/crm?section=leads';

describe('staffAlertDigestText', () => {
  it('names up to five leads and counts the rest', () => {
    const names = ['Ann Lee', 'Bo Diaz', 'Cy Park', 'Di Ross', 'Ed Moss', 'Flo Kim'];
    const text = staffAlertDigestText('on_duty', 9, LINK, 15, names);
    expect(text.subject).toBe('9 leads new (digest)');
    expect(text.details).toBe(
      'Ann Lee, Bo Diaz, Cy Park, Di Ross, Ed Moss and 4 more. Too many alerts at once, so these were gathered into this one message.',
    );
    expect(text.body).toBe(`9 leads new (digest). ${text.details} Open: ${LINK}`);
  });

  it('says no "more" when every lead is named', () => {
    const text = staffAlertDigestText('escalation', 2, LINK, 15, ['Ann Lee', 'Bo Diaz']);
    expect(text.subject).toBe('2 leads not answered in 15 min (digest)');
    expect(text.details).toMatch(/^Ann Lee, Bo Diaz\. Too many alerts/);
  });

  it('cuts a long name short and folds its spaces: the sender chose it', () => {
    const long = `Very   ${'x'.repeat(80)}`;
    const text = staffAlertDigestText('repeat', 1, LINK, 15, [long]);
    const [name] = text.details.split('. ');
    expect(name).toHaveLength(DIGEST_NAME_MAX);
    expect(name).toMatch(/^Very x+…$/);
  });
});
