// The checks an e-mail developer runs on the HTML of every kind of message the product sends
// (docs/requirements.md#email-layout), each rendered by the API's own builders and renderer: a lang,
// a title, alt text on every image, no script or external font or stylesheet, images inline (cid:)
// only, at most 600 px wide, readable with images off and in dark mode. Each is opened in Chromium at
// 390 and 600 px, light and dark, checked with axe, and its screenshots kept as the test's artefacts
// (under the Playwright output dir).
import { axeBuilder } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { buildTemplateValues } from '@shine/shared/automation-rules';
import { DEFAULT_COMPANY_DETAILS_SETTINGS } from '@shine/shared/company-settings';
import type { Quote } from '@shine/shared/responses/quotes';
import { STARTER_TEMPLATES } from '@shine/shared/starter-templates';
import { setupLinkEmailContent } from '../../api/src/auth/setup-link-email.ts';
import { staffAlertEmailContent } from '../../api/src/speed-to-lead/alert-email.ts';
import { manualEmailContent } from '../../api/src/conversations/manual-email.ts';
import { type EmailContent, renderEmail, renderEmailPreview } from '../../api/src/email/email.service.ts';
import { quoteEmailContent } from '../../api/src/quotes/quote-email-content.ts';
import { PREVIEW_LEAD, templateEmailContent } from '../../api/src/templates/template-email.service.ts';

const company = DEFAULT_COMPANY_DETAILS_SETTINGS;
const unsubscribeUrl = 'https://shine.example.com/u/4f2c0c3e-6f1a-4a55-9d8e-2a9c5a1b7e10.a1b2c3';
const values = buildTemplateValues(PREVIEW_LEAD);

/** A sent quote as the e-mail reads it (the arithmetic is quote-pricing's, tested on its own). */
const quote = {
  version: 1,
  message: 'Thanks for having us over. We can start the week of the 8th.',
  welcomeDiscount: true,
  lineItems: [
    {
      kind: 'cleaning',
      key: null,
      description: 'Deep cleaning, 3 bedrooms, 2 bathrooms (Biweekly)',
      quantity: 1,
      unitPrice: '349.00',
      amount: '349.00',
    },
    { kind: 'add_on', key: 'oven', description: 'Inside the oven', quantity: 2, unitPrice: '35.00', amount: '70.00' },
  ],
  discounts: [{ kind: 'welcome', description: 'WELCOME40: $40 off the first cleaning', amount: '40.00' }],
  taxRate: '8.25',
  tax: '31.27',
  total: '410.27',
} as const satisfies Partial<Quote>;

const KINDS: Record<string, EmailContent> = {
  quote: quoteEmailContent({
    to: { email: PREVIEW_LEAD.email, firstName: PREVIEW_LEAD.firstName },
    quote: quote as unknown as Quote,
    url: 'https://shine.example.com/q/9ZbWl3o1s7bH8c0yF2kq5mXoR4tV6uA1nP3dE7gJ0hK',
    validUntil: 'December 9, 2026',
    pdf: Buffer.alloc(0),
    company,
    unsubscribeUrl,
  }),
  'welcome-template': templateEmailContent(STARTER_TEMPLATES['welcome-email'], values, { company, unsubscribeUrl }),
  'follow-up-template': templateEmailContent(STARTER_TEMPLATES['follow-up-email'], values, {
    company,
    unsubscribeUrl,
  }),
  'message-by-hand': manualEmailContent(
    'Your Tuesday visit',
    'Hi Ann,\n\nTuesday at 10 works. Our crew lead is Maria.\nSee you then!',
    company,
  ),
  'set-up-link': setupLinkEmailContent(
    { name: 'Mia Chen' },
    'https://shine.example.com/admin/setup/abcdefghijklmnopqrstuvwxyz012345',
    company,
  ),
  'staff-alert': staffAlertEmailContent(
    {
      subject: 'New lead: Ann Lee',
      details: 'Deep cleaning, biweekly, 3 bd / 2 ba · Estimate $330–$370. Call (214) 555-0100.',
      link: 'https://shine.example.com/admin/crm?section=leads&lead=4f2c0c3e-6f1a-4a55-9d8e-2a9c5a1b7e10',
      body: '',
    },
    'Open the lead',
    company,
  ),
};

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

for (const [kind, content] of Object.entries(KINDS)) {
  test(`e-mail HTML: ${kind}`, async ({ page }, testInfo) => {
    const sent = await renderEmail(content);
    // What the message is made of, as a mail app receives it.
    expect(sent.html).toMatch(/^<!DOCTYPE html/i);
    expect(sent.html).toMatch(/<html dir="ltr" lang="en"/);
    expect(sent.html).toMatch(/<title>[^<]+<\/title>/);
    expect(sent.html).not.toMatch(/<script|<link\b|@import|@font-face|url\(/i);
    expect(sent.html).toContain('max-width:600px');
    const images = [...sent.html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).toMatch(/\salt="[^"]+"/);
      expect(image).toMatch(/\ssrc="cid:/);
    }

    const shoot = async (name: string) => {
      const file = testInfo.outputPath(`${kind}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${kind}-${name}`, { path: file, contentType: 'image/png' });
    };

    // Images off, as many mail apps open it: the cid: logo does not load in a browser, its alt text shows.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setContent(sent.html);
    await expect(page.getByRole('img', { name: `${company.name} logo` })).toBeVisible();
    await expectAxeClean(page, `${kind}, images off`);
    await shoot('390-images-off');

    // Images on (the logo as data:, the CRM preview's way of showing it), light and dark, phone and desktop.
    const { html } = await renderEmailPreview(content);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 600]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(html);
        await expect(page.locator('img').first()).toHaveJSProperty('complete', true);
        expect(
          await page
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        ).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${kind} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        const frame = await page.locator('.email-frame').boundingBox();
        expect(frame?.width).toBeLessThanOrEqual(600);
        await expectAxeClean(page, `${kind}, ${width} px, ${scheme}`);
        await shoot(`${width}-${scheme}`);
      }
    }
  });
}
