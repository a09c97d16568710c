import { test as base, type BrowserContext, type Request, type Response } from '@playwright/test';

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
 * "Flakes found and fixed").
 *
 * So when a spec ends, its context sends nothing more (every new request is aborted) and waits for the
 * answer to each request already sent: the reset then clears a cookie jar nothing can write to again.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const inFlight = new Set<Request>();
    const sent = (request: Request) => inFlight.add(request);
    const answered = (response: Response) => inFlight.delete(response.request());
    const failed = (request: Request) => inFlight.delete(request);
    context.on('request', sent);
    context.on('response', answered);
    context.on('requestfailed', failed);

    await use(context);

    // A failed spec ends its worker, and its browser with it: the next spec starts on a new one.
    if (testInfo.status === testInfo.expectedStatus) {
      await context.route('**', (route) => route.abort());
      await answersTo(context, inFlight);
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    }
    context.off('request', sent);
    context.off('response', answered);
    context.off('requestfailed', failed);
  },
});

/** How long the requests a spec left in flight may take to be answered: the server answers in far less. */
const SETTLE_MS = 30_000;

/** Resolves once `inFlight` is empty (its listeners remove each answered or failed request). */
function answersTo(context: BrowserContext, inFlight: Set<Request>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      const urls = [...inFlight].map((request) => `${request.method()} ${request.url()}`);
      reject(new Error(`requests still unanswered ${SETTLE_MS} ms after the spec ended: ${urls.join(', ')}`));
    }, SETTLE_MS);
    const check = () => {
      if (inFlight.size > 0) return;
      stop();
      resolve();
    };
    const stop = () => {
      clearTimeout(timer);
      context.off('response', check);
      context.off('requestfailed', check);
    };
    // Added after the listeners that keep `inFlight`, so they run after them.
    context.on('response', check);
    context.on('requestfailed', check);
    check();
  });
}
