import { useLayoutEffect, useState } from 'react';

/**
 * The width of an element's box, kept current as it resizes (a window resized, the sidebar folded).
 * Takes the element itself (from a callback ref), so an element mounted later is measured too.
 * Measured before paint, so a layout chosen from it never shows a first frame at the wrong width;
 * undefined until measured.
 */
export function useElementWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
