import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Hint } from './Hint.tsx';
import { isSkippingTooltipDelay, noteTooltipClosed, TOOLTIP_OPEN_DELAY_MS } from './tooltip-delay.ts';

interface HoverHintProps {
  title: ReactNode;
  /** What the tooltip points at. It must not take focus: it is mounted anew when the tooltip first opens. */
  anchor: ReactElement;
  className?: string;
  /** Shown after the anchor, inside the hovered box (e.g. the same text for screen readers). */
  children?: ReactNode;
}

/**
 * A Hint for something repeated down a long list (a table's rows, a board's cards): its antd Tooltip
 * is mounted the first time the pointer rests on the box, instead of a tooltip with its trigger,
 * hooks and store subscription in every row rendered (a sort renders 100 rows). The
 * delays are Hint's (docs/requirements.md#states, tooltip-delay.ts). Hover only, as Hint: keyboard and
 * screen-reader users get the same text from the content itself.
 */
export function HoverHint({ title, anchor, className, children }: HoverHintProps) {
  const [isMounted, setMounted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = isSkippingTooltipDelay() ? 0 : TOOLTIP_OPEN_DELAY_MS;
    timer.current = setTimeout(() => {
      setMounted(true);
      setOpen(true);
    }, delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (!isOpen) return;
    setOpen(false);
    noteTooltipClosed();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only shows a tooltip repeating text the box holds; not a control
    <span className={className} onMouseEnter={show} onMouseLeave={hide}>
      {isMounted ? (
        <Hint title={title} open={isOpen}>
          {anchor}
        </Hint>
      ) : (
        anchor
      )}
      {children}
    </span>
  );
}
