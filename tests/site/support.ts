import { MIN_FORM_FILL_MS } from '@shine/shared/intake';
import { expect, type Page } from '@playwright/test';

/** Every public route of docs/requirements.md#routes with copy that must be on it, worded as the brief words it. */
export const PUBLIC_ROUTES = [
  { path: '/', copy: ['Why Choose', 'What Our Customers Say', 'Get a Free Quote', 'Call Now', 'Staff Access'] },
  { path: '/quote', copy: ['Get My Free Quote', 'Back to Home', 'within 24 hours', '$40 OFF your first cleaning!'] },
  { path: '/thank-you', copy: ['WELCOME40', 'Return to Home Page', 'Quick Response', 'Fully Insured', 'Satisfaction'] },
  {
    path: '/services',
    copy: [
      'Residential Cleaning',
      'Commercial Cleaning',
      'Deep Cleaning',
      'Post-Construction Cleaning',
      'Most Popular',
      'Add-On Services',
    ],
  },
  { path: '/about', copy: ['Our Story', '2021', '5000+', '50+', '15+', '99%'] },
  { path: '/contact', copy: ['Send Us a Message', 'Service Area', 'Business Hours', 'Frequently Asked Questions'] },
  { path: '/faq', copy: ['Frequently Asked Questions', 'Still Have Questions?', 'Get Your Free Quote', 'Contact Us'] },
  { path: '/privacy', copy: ['Privacy Policy', 'Last updated:', "Children's Privacy", 'Data Retention'] },
  { path: '/terms', copy: ['Terms of Service', 'Last updated:', 'Dispute Resolution', 'Satisfaction Guarantee'] },
] as const;

/** Waits until the named island has hydrated (Astro removes `ssr` from <astro-island> when done). */
export async function waitForIsland(page: Page, componentExport: string): Promise<void> {
  const island = page.locator(`astro-island[component-export="${componentExport}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Collects Content-Security-Policy violations: the DOM event (from before any page script runs) and
 * Chromium's console report, so neither a blocked inline script nor a blocked resource slips by.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text())) {
      fromConsole.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const store: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: store });
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => {
    const fromDom = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return [...fromDom, ...fromConsole];
  };
}

/**
 * Touches the quote form the way a person starts filling it (focus on its first field) and answers
 * when: the form measures its fill time from this first touch, so a test that waits from the returned
 * time is past the minimum however long the browser took to get there.
 */
export async function touchQuoteForm(page: Page): Promise<number> {
  await page.getByLabel('First Name').focus();
  return Date.now();
}

/** Waits until MIN_FORM_FILL_MS (plus a margin) has passed since the form's first touch. */
export async function waitPastMinimumFillTime(page: Page, touchedAt: number): Promise<void> {
  const left = MIN_FORM_FILL_MS + 250 - (Date.now() - touchedAt);
  if (left > 0) await page.waitForTimeout(left);
}

/** What a visitor types and picks in the quote form, by the form's labels. */
export interface QuoteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipcode: string;
  bedrooms: string;
  bathrooms: string;
  cleaningType: string;
  frequency: string;
  notes?: string;
}

/**
 * Fills the quote form of the page already loaded like a person (past the minimum fill time), sends
 * it and waits for the thank-you page.
 */
export async function sendQuoteForm(page: Page, values: QuoteFormValues): Promise<void> {
  await waitForIsland(page, 'QuoteForm');
  const touchedAt = await touchQuoteForm(page);
  await page.getByLabel('First Name').fill(values.firstName);
  await page.getByLabel('Last Name').fill(values.lastName);
  await page.getByLabel('Email Address').fill(values.email);
  await page.getByLabel('Phone Number').fill(values.phone);
  await page.getByLabel('Zip Code').fill(values.zipcode);
  await page.getByLabel('Number of Bedrooms').selectOption(values.bedrooms);
  await page.getByLabel('Number of Bathrooms').selectOption(values.bathrooms);
  await page.getByLabel('Cleaning Type').selectOption(values.cleaningType);
  await page.getByLabel('Cleaning Frequency').selectOption(values.frequency);
  if (values.notes) await page.getByLabel('Additional Notes').fill(values.notes);
  await waitPastMinimumFillTime(page, touchedAt);
  await page.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
}
