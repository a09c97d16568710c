import { motion } from '@shine/design-tokens';

/**
 * docs/requirements.md#routes: whenever the URL's search part changes, scroll smoothly to the top after 50 ms. On a
 * static site it changes by loading a page with a query, by history navigation (popstate), or by a
 * script calling history.pushState/replaceState; the last two do not fire an event, so they are
 * wrapped to notice the change.
 */
export function installScrollToTopOnSearchChange(win: Window = window): void {
  let lastSearch = win.location.search;
  const scrollToTop = () => {
    win.setTimeout(() => {
      const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
      win.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    }, motion.scrollToTopDelayMs);
  };
  const onUrlChange = () => {
    if (win.location.search === lastSearch) return;
    lastSearch = win.location.search;
    scrollToTop();
  };

  if (lastSearch !== '') scrollToTop();
  win.addEventListener('popstate', onUrlChange);
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = win.history[method];
    win.history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      onUrlChange();
    };
  }
}
