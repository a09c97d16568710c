import { test as base, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` for every spec, whose browser context lets no answer arrive after the spec ends.
 *
 * The specs of a worker share one context, reset between them (playwright.config.ts, `reuseContext`),
 * and the reset clears the cookies. An answer to a request the last spec left in flight still sets its
 * cookie when it arrives, after the reset too: the server renews the session cookie on every answer
 * (rolling sessions), and Chromium's network service stores a cookie whether or not the page that asked
 * is still there (navigating it away, even closing it, does not stop that). The next spec then starts
 * signed in as the last one: crm/phone.spec.ts's sign-in screen was the dashboard in one CI run, and a
 * probe that left 30 reads in flight brought the cookie back after 7 resets of 15 (docs/testing.md,
 * "What a test must not assume").
 *
 * So when a spec ends, its context sends nothing more (every new request is aborted), waits for the
 * answer to each request already sent and leaves its pages on about:blank: the reset then clears a
 * cookie jar nothing can write to again.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const inFlight = new InFlight(context);
    await use(context);
    // A failed spec ends its worker, and its browser with it: the next spec starts on a new one.
    if (testInfo.status === testInfo.expectedStatus) {
      await context.route('**', (route) => route.abort());
      await inFlight.settled();
      // The pages go to about:blank before the routes go, as the reset would take them there after:
      // in between, a page still on the CRM could send one more request (a poll, the live stream
      // coming back) with the cookie, whose answer then renewed it after the reset cleared it (run 56:
      // crm/auth.spec.ts's signed-out visit found the dashboard, after a spec that ended in the CRM).
      for (const page of context.pages()) await page.goto('about:blank');
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    }
    inFlight.stop();
  },
});

/** How long the requests a spec left in flight may take to be answered: the server answers in far less. */
const SETTLE_MS = 30_000;

/**
 * The requests of a context's pages that have neither an answer nor a failure yet. A page the spec
 * closed takes its requests with it: Playwright reports nothing more of them, so there is nothing to
 * wait for. Chromium cancels them as the page goes; the probe saw a closed page's late answer set the
 * cookie only when the reset came within milliseconds of the close, and a spec that closes a tab goes
 * on working after it (crm/crm-addresses.spec.ts).
 */
class InFlight {
  private readonly requests = new Set<Request>();
  private changed = () => {};
  /** Takes every listener off again: the context and its first page outlive the spec. */
  readonly stop: () => void;

  constructor(context: BrowserContext) {
    const sent = (request: Request) => this.requests.add(request);
    const answered = (response: Response) => this.settle(response.request());
    const failed = (request: Request) => this.settle(request);
    const closers = new Map<Page, () => void>();
    const watch = (page: Page) => {
      const closed = () => this.forgetPage(page);
      closers.set(page, closed);
      page.once('close', closed);
    };
    context.on('request', sent);
    context.on('response', answered);
    context.on('requestfailed', failed);
    context.on('page', watch);
    for (const page of context.pages()) watch(page);
    this.stop = () => {
      context.off('request', sent);
      context.off('response', answered);
      context.off('requestfailed', failed);
      context.off('page', watch);
      for (const [page, closed] of closers) page.off('close', closed);
    };
  }

  /** Resolves once every request has its answer or has failed; rejects, naming them, after SETTLE_MS. */
  settled(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.changed = () => {};
        const urls = [...this.requests].map((request) => `${request.method()} ${request.url()}`);
        reject(new Error(`requests still unanswered ${SETTLE_MS} ms after the spec ended: ${urls.join(', ')}`));
      }, SETTLE_MS);
      this.changed = () => {
        if (this.requests.size > 0) return;
        clearTimeout(timer);
        this.changed = () => {};
        resolve();
      };
      this.changed();
    });
  }

  private settle(request: Request): void {
    this.requests.delete(request);
    this.changed();
  }

  private forgetPage(page: Page): void {
    for (const request of this.requests) {
      // A service worker's request has no frame, and so no page.
      if (!request.serviceWorker() && request.frame().page() === page) this.requests.delete(request);
    }
    this.changed();
  }
}
