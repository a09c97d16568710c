// A template as an e-mail: the staff's paragraphs and line breaks, the company's URLs as links, and a
// lead's values as escaped text, never a link or markup (what a visitor typed reaches the HTML).
import { buildTemplateValues } from '@shine/shared/automation-rules';
import { DEFAULT_COMPANY_DETAILS_SETTINGS } from '@shine/shared/company-settings';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LEAD, previewTemplateEmail, renderTemplateEmail, templateBlocks } from './template-email.service.ts';

const footer = { company: DEFAULT_COMPANY_DETAILS_SETTINGS, unsubscribeUrl: 'https://shine.example/u/abc' };

describe('templateBlocks', () => {
  it('makes a paragraph of each blank-line-separated part, keeping line breaks inside', () => {
    const blocks = templateBlocks('Hi {{firstName}},\n\n\nLine one\nLine two\n\n  ', { firstName: 'Ann' });
    expect(blocks).toEqual([
      { kind: 'paragraph', runs: ['Hi Ann,'] },
      { kind: 'paragraph', runs: ['Line one\nLine two'] },
    ]);
  });

  it('links the template’s own URLs and the booking link, never a lead’s value', () => {
    const blocks = templateBlocks('See https://shine.example/faq. Book: {{bookingUrl}} Notes: {{notes}}', {
      bookingUrl: 'https://book.example/booking',
      notes: 'visit https://evil.example/login',
    });
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        runs: [
          'See ',
          { text: 'https://shine.example/faq', href: 'https://shine.example/faq' },
          '. Book: ',
          { text: 'https://book.example/booking', href: 'https://book.example/booking' },
          ' Notes: visit https://evil.example/login',
        ],
      },
    ]);
  });
});

describe('renderTemplateEmail', () => {
  it('escapes every value in the HTML and keeps the text as the template renders it', async () => {
    const values = {
      ...buildTemplateValues(PREVIEW_LEAD),
      firstName: '<script>alert(1)</script>',
      notes: '"><img src=x onerror=alert(1)> https://evil.example',
    };
    const email = await renderTemplateEmail(
      { name: 'Welcome', subject: 'Hello {{firstName}}', content: 'Hi {{firstName}},\n\nYou said: {{notes}}' },
      values,
      footer,
    );
    expect(email.html).not.toContain('<script>alert');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('href="https://evil.example"');
    expect(email.html).toContain('<title>Hello &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(email.subject).toBe('Hello <script>alert(1)</script>');
    expect(email.text).toBe(
      [
        'Hi <script>alert(1)</script>,',
        '',
        'You said: "><img src=x onerror=alert(1)> https://evil.example',
        '',
        '--',
        'Lone Star Shine Cleaning, 1200 Main Street, Suite 400, Dallas, TX 75202',
        'Unsubscribe from these e-mails: https://shine.example/u/abc',
      ].join('\n'),
    );
  });

  it('previews with the example lead and the logo as a data: URL (a browser cannot resolve cid:)', async () => {
    const preview = await previewTemplateEmail(
      { name: 'Welcome', subject: null, content: 'Hi {{firstName}} {{lastName}}' },
      DEFAULT_COMPANY_DETAILS_SETTINGS,
      'https://shine.example/u/preview',
      '',
    );
    expect(preview.subject).toBe('Welcome');
    expect(preview.html).toContain('Hi Ann Lee');
    expect(preview.html).toMatch(/<img[^>]*src="data:image\/png;base64,/);
    expect(preview.html).not.toContain('cid:');
  });

  it('previews the review page as saved, as a link, and the example visit', async () => {
    const preview = await previewTemplateEmail(
      { name: 'Review', subject: null, content: 'Your visit {{visitTime}}. Review us: {{reviewUrl}}' },
      { ...DEFAULT_COMPANY_DETAILS_SETTINGS, reviewUrl: 'https://g.page/r/shine/review' },
      'https://shine.example/u/preview',
      'Tue, Dec 1, 2026, 8:00 AM – 10:00 AM',
    );
    expect(preview.text).toContain(
      'Your visit Tue, Dec 1, 2026, 8:00 AM – 10:00 AM. Review us: https://g.page/r/shine/review',
    );
    expect(preview.html).toContain('href="https://g.page/r/shine/review"');
  });
});
