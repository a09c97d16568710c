// axe reads the colours on screen at the moment it runs. A control still in its CSS transition (a
// button fading in, a hover colour easing out) has a colour half-way between two, which can fail the
// contrast check though neither end does: under load a 0.2 s transition lasted long enough to be read
// that way. Every scan first waits for the page's finite animations to end; endless ones (spinners)
// are left running.
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
 * An axe scan of the page as it rests (see above). A page without frames is scanned by one `axe.run`
 * in the page itself: the builder's default runs axe in every frame and merges the results in a blank
 * page it opens and loads axe into, which is the right way only when there are frames (an e-mail
 * preview's sandboxed `<iframe>`) and on a loaded 2-core machine took a scan from ~4 to ~7 s.
 */
export async function axeBuilder(page: Page): Promise<AxeBuilder> {
  await animationsSettled(page);
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}
