import type { HeldPayload } from '@shine/shared/types';

/** The name a held submission gives, or a stand-in so its heading is never empty. */
export function heldName(payload: Pick<HeldPayload, 'firstName' | 'lastName'>): string {
  const name = `${payload.firstName ?? ''} ${payload.lastName ?? ''}`.trim();
  return name || '(no name given)';
}

/** The form's fill time, first touch to submission; API clients send none. */
export function formatFillTime(elapsedMs: number | undefined): string {
  if (elapsedMs === undefined) return 'Not sent (not from the quote form)';
  return `${(elapsedMs / 1000).toFixed(1)} s`;
}

/** The honeypot as staff read it: its exact value in quotes, or that it was empty. */
export function formatHoneypot(website: string | undefined): string {
  return website ? `“${website}”` : 'Empty';
}
