import { type Attribution, buildAttribution } from '@shine/shared/attribution';

// Kept for the visit only (sessionStorage: this tab, until it closes); no cookie, nothing third-party.
const STORAGE_KEY = 'shine.attribution';

/** On the visit's first page: remembers where the visit came from. Later pages keep the first answer. */
export function captureAttribution(win: Window = window): void {
  try {
    if (win.sessionStorage.getItem(STORAGE_KEY) !== null) return;
    const attribution = buildAttribution(win.location, win.document.referrer);
    win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Storage disabled or full: the quote goes without attribution.
  }
}

/** The visit's attribution for the quote, or undefined when none was kept. */
export function readAttribution(win: Window = window): Attribution | undefined {
  try {
    const stored = win.sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ) as Attribution;
  } catch {
    return undefined;
  }
}
