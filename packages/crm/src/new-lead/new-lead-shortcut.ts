import { useEffect } from 'react';
import { useLatestCallback } from '../ui/use-latest-callback.ts';

/** Where a key press is typing, not a command: a text field, a select, or anything editable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"], [role="textbox"]')) {
    return true;
  }
  return false;
}

/**
 * Whether a key press is the "New lead" shortcut: N alone (no Ctrl, ⌘, Alt), not held down, not
 * while typing in a field, and not inside an open dialog or drawer (it has its own keys).
 */
export function isNewLeadShortcut(event: KeyboardEvent): boolean {
  if (event.key !== 'n' && event.key !== 'N') return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return false;
  if (isTypingTarget(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"]'));
}

/** Calls `onShortcut` when the "New lead" shortcut (N) is pressed anywhere in the page. */
export function useNewLeadShortcut(onShortcut: () => void): void {
  const latest = useLatestCallback(onShortcut);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isNewLeadShortcut(event)) return;
      event.preventDefault();
      latest();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}
