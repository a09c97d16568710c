// axe reads the colours on screen at the moment it runs. A control still in its CSS transition (a
// button fading in, a hover colour easing out) has a colour half-way between two, which can fail the
// contrast check though neither end does: under load a 0.2 s transition lasted long enough to be read
// that way. Every scan first waits for the page's finite animations to end (endless ones, spinners,
// are left running), and while axe runs, CSS transitions and animations take no time: a change that
// lands during the scan (a live event enabling a button, a toast sliding in) shows its end state at
// once instead of easing into it. Only the time is changed: every state still shows and is checked.
// A live refresh the CRM holds back for a moment is waited for first.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The CRM holds back a live refresh for up to a second when events come close together
 * (packages/crm/src/api/live-stream.ts) and marks the page's root meanwhile: a scan waits for the
 * refresh, so that it does not meet the screen half-way through it.
 */
export async function liveRefreshesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-live-refresh-pending'));
}

/**
 * An axe scan of the page as it rests (see above). A page without frames is scanned by one `axe.run`
 * in the page itself: the builder's default runs axe in every frame and merges the results in a blank
 * page it opens and loads axe into, which is the right way only when there are frames (an e-mail
 * preview's sandboxed `<iframe>`) and on a loaded 2-core machine took a scan from ~4 to ~7 s.
 */
export async function axeBuilder(page: Page): Promise<AxeBuilder> {
  await liveRefreshesSettled(page);
  await animationsSettled(page);
  return new RestingAxeBuilder(page).setLegacyMode(page.frames().length === 1);
}

const INSTANT_MOTION_ID = 'axe-scan-instant-motion';

/** An AxeBuilder whose scan runs with CSS transitions and animations instant, as they were after. */
class RestingAxeBuilder extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page });
    this.#page = page;
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    await this.#page.evaluate((id) => {
      const style = document.createElement('style');
      style.id = id;
      style.textContent =
        '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important;' +
        ' animation-duration: 0s !important; animation-delay: 0s !important; }';
      document.head.append(style);
    }, INSTANT_MOTION_ID);
    try {
      return await super.analyze();
    } finally {
      await this.#page.evaluate((id) => document.getElementById(id)?.remove(), INSTANT_MOTION_ID);
    }
  }
}
