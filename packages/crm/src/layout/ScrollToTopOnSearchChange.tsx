import { motion } from '@shine/design-tokens';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { usePrefersReducedMotion } from '../ui/use-reduced-motion.ts';

/** The parameters of the lead drawer: it opens over the page, which stays where it was. */
const DRAWER_PARAMS = ['lead', 'tab'];

function withoutDrawer(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DRAWER_PARAMS) params.delete(name);
  return params.toString();
}

/**
 * docs/requirements.md#routes: whenever the URL's search part changes, scroll smoothly to the top after
 * 50 ms. Opening or closing a lead (`?lead=`) is no new page (docs/decisions.md, "CRM addresses").
 * For someone who asked for less motion, it jumps there instead.
 */
export function ScrollToTopOnSearchChange() {
  const search = withoutDrawer(useLocation().search);
  const previous = useRef(search);
  const behavior = usePrefersReducedMotion() ? 'auto' : 'smooth';
  useEffect(() => {
    if (previous.current === search) return;
    previous.current = search;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, behavior }), motion.scrollToTopDelayMs);
    return () => window.clearTimeout(timer);
  }, [search, behavior]);
  return null;
}
