import { useCallback, useState } from 'react';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastMessage extends ToastInput {
  /** A new id restarts the dismiss timer even when the text repeats. */
  id: number;
}

let nextId = 0;

/**
 * One toast slot per island: docs/requirements.md#messages allows at most one visible toast, so a new one replaces the
 * current one.
 */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((input: ToastInput) => {
    nextId += 1;
    setToast({ ...input, id: nextId });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

const FLASH_KEY = 'shine:flash-toast';

/**
 * A toast to show on the next page. The quote form navigates to /thank-you on success (a full page
 * load on a static site), so its success toast is handed over through sessionStorage.
 */
export function saveFlashToast(toast: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Storage disabled (privacy mode): the next page simply shows no toast.
  }
}

export function takeFlashToast(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || !('title' in value) || typeof value.title !== 'string') return null;
    const description = 'description' in value && typeof value.description === 'string' ? value.description : undefined;
    const variant = 'variant' in value && value.variant === 'success' ? 'success' : 'default';
    return { title: value.title, description, variant };
  } catch {
    return null;
  }
}
