import { App } from 'antd';
import { type RefObject, useEffect } from 'react';

/** The key that moves focus to the toasts, as on the site (docs/requirements.md#messages). */
const TOAST_HOTKEY = 'F8';

/**
 * The landmark the CRM's toasts are drawn in (antd notifications, given this element as their
 * container). F8 moves focus to it from anywhere, so a keyboard user reaches a toast's close button
 * with one Tab; Escape inside it dismisses the toast. It comes last in the page, so its close button
 * is never a Tab stop before the screen's own controls.
 */
export function ToastRegion({ ref }: { ref: RefObject<HTMLElement | null> }) {
  const { notification } = App.useApp();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        ref.current?.focus();
      } else if (event.key === 'Escape' && ref.current?.contains(event.target as Node | null)) {
        // A DOM listener: the toasts are portalled in, so React's own events never reach this element.
        notification.destroy();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref, notification]);

  return <section ref={ref} aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1} />;
}
