import { motion } from '@shine/design-tokens';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import '../../styles/toast.css';
import { SvgIcon } from '../SvgIcon.tsx';
import type { ToastMessage } from './toast.ts';

/** F8 moves focus to the toasts; a swipe this far to the right dismisses one. */
const TOAST_HOTKEY = 'F8';
const SWIPE_DISMISS_PX = 50;

interface ViewportProps {
  toast: ToastMessage | null;
  onDismiss: () => void;
}

/**
 * The toast region (docs/requirements.md#messages): one toast at a time, dismissed after 5 s, by its close button, by
 * Escape or by swiping it 50 px to the right; F8 moves focus to the region. The list is a polite live
 * region that exists before any toast, so screen readers announce each toast as it is added.
 */
export function ToastViewport({ toast, onDismiss }: ViewportProps) {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      listRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section className="toast-viewport" aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <ol ref={listRef} tabIndex={-1} className="toast-viewport__list" aria-live="polite">
        {toast && <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </ol>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const [isPaused, setPaused] = useState(false);
  const [swipeX, setSwipeX] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remainingMs = useRef<number>(motion.toastDurationMs);

  // The timer pauses while the pointer or focus is on the toast, so it can be read and acted on.
  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(onDismiss, remainingMs.current);
    return () => {
      window.clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [isPaused, onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    // Capturing the pointer would retarget the close button's click to the toast.
    if ((event.target as Element).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    setSwipeX(Math.max(0, event.clientX - swipeStart.current));
  };
  const endSwipe = (event: PointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance >= SWIPE_DISMISS_PX) onDismiss();
    else setSwipeX(0);
  };
  const cancelSwipe = () => {
    swipeStart.current = null;
    setSwipeX(0);
  };

  const variant = toast.variant ?? 'default';
  return (
    <li
      className={`toast toast--${variant}`}
      data-swiping={swipeX > 0 || undefined}
      style={
        swipeX > 0 ? { transform: `translateX(${swipeX}px)`, opacity: Math.max(0.3, 1 - swipeX / 200) } : undefined
      }
      aria-atomic="true"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={cancelSwipe}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label="Close notification" onClick={onDismiss}>
        <SvgIcon name="close" size={18} />
      </button>
    </li>
  );
}
