// Quote → staff screen (live updates): a real Chromium signed in to the CRM served by one API process;
// quotes posted to a second process on the same PostgreSQL; for each, the time from sending the POST
// to the lead's row being in the page's leads table (a MutationObserver in the page stamps the moment).
// Both clocks are this machine's, so the difference is the whole path: commit, NOTIFY, the other
// process's stream, the CRM's refetch of the list and React's render.
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { findChromium } from '../scripts/chromium.ts';
import { repoRoot } from '../scripts/server-process.ts';

export interface QuoteToScreen {
  samples: number[];
  p50: number;
  p99: number;
  max: number;
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

declare global {
  interface Window {
    /** Names the bench waits for → epoch ms when a row holding it appeared. */
    shineBenchSeen?: Map<string, number>;
    shineBenchWatch?: Set<string>;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function quoteFor(firstName: string) {
  // A phone of its own (945 is unused by the seed), so no quote is merged into an existing lead.
  const line = String(randomInt(0, 10_000)).padStart(4, '0');
  return {
    firstName,
    lastName: 'Livebench',
    email: `${firstName.toLowerCase()}@bench-live.example.com`,
    phone: `945-${200 + randomInt(0, 700)}-${line}`,
    zipcode: '75201',
    bedrooms: '3',
    bathrooms: '2',
    cleaningType: 'Deep',
    frequency: 'Weekly',
  };
}

/**
 * The browser measurements open the CRM the server serves from its build: without one they would
 * wait for a screen that never comes. Checked before a run starts, not half an hour into it.
 */
export function assertCrmBuilt(measurement: string): void {
  if (!existsSync(path.join(repoRoot, 'packages/crm/dist/index.html'))) {
    throw new Error(`packages/crm/dist is missing: run \`pnpm build\` first (${measurement} opens the built CRM)`);
  }
}

export async function measureQuoteToScreen(options: {
  /** The process serving the CRM the browser holds open. */
  crmUrl: string;
  /** The other process, which takes the quotes. */
  postUrl: string;
  /** "name=value" of a signed-in session on the CRM's process. */
  cookie: string;
  quotes: number;
}): Promise<QuoteToScreen> {
  let browser: Browser | undefined;
  try {
    const found = await findChromium();
    browser = await chromium.launch({
      executablePath: found.executablePath,
      env: { ...process.env, ...found.env },
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, ...rest] = options.cookie.split('=');
    await context.addCookies([{ name: name as string, value: rest.join('='), url: options.crmUrl }]);
    const page = await context.newPage();
    await page.goto(`${options.crmUrl}/admin/crm/leads`);
    await page.locator('[data-live-status="live"]').waitFor({ timeout: 30_000 });
    await page.locator('tr.lead-row').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      window.shineBenchSeen = new Map();
      window.shineBenchWatch = new Set();
      new MutationObserver(() => {
        const watch = window.shineBenchWatch as Set<string>;
        if (watch.size === 0) return;
        const now = performance.timeOrigin + performance.now();
        for (const row of document.querySelectorAll('tr.lead-row')) {
          for (const wanted of watch) {
            if (!row.textContent?.includes(wanted)) continue;
            window.shineBenchSeen?.set(wanted, now);
            watch.delete(wanted);
          }
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const samples: number[] = [];
    for (let i = 0; i < options.quotes; i++) {
      const firstName = `Live${i}x${randomInt(0, 1e9).toString(36)}`;
      await page.evaluate((wanted) => window.shineBenchWatch?.add(wanted), firstName);
      const sentAt = Date.now();
      const response = await fetch(`${options.postUrl}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quoteFor(firstName)),
      });
      if (response.status !== 201) throw new Error(`quote answered ${response.status}: ${await response.text()}`);
      const seenAt = await page.waitForFunction((wanted) => window.shineBenchSeen?.get(wanted), firstName, {
        timeout: 30_000,
        polling: 50,
      });
      samples.push(((await seenAt.jsonValue()) as number) - sentAt);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return { samples, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) as number };
  } finally {
    await browser?.close();
  }
}
