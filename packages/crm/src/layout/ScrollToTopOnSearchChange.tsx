import { motion } from '@shine/design-tokens';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** docs/requirements.md#routes: whenever the URL's search part changes, scroll smoothly to the top after 50 ms. */
export function ScrollToTopOnSearchChange() {
  const { search } = useLocation();
  const previous = useRef(search);
  useEffect(() => {
    if (previous.current === search) return;
    previous.current = search;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), motion.scrollToTopDelayMs);
    return () => window.clearTimeout(timer);
  }, [search]);
  return null;
}
