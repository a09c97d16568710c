/** Schemes the system may open for a link in the CRM: web pages, e-mail, phone calls. Nothing that runs or reads files. */
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const MAX_EXTERNAL_URL_LENGTH = 2048;

/**
 * True when `url` may be handed to `shell.openExternal`. That call gives the string to the operating
 * system, so anything else (file:, smb:, custom app schemes, javascript:) is refused, as are web URLs
 * carrying credentials, which exist mostly to disguise where a link goes.
 */
export function isSafeExternalUrl(url: string): boolean {
  if (url.length > MAX_EXTERNAL_URL_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!EXTERNAL_SCHEMES.has(parsed.protocol)) return false;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return false;
  }
  return true;
}

export type OpenExternal = (url: string) => Promise<void>;

/** Opens `url` in the system's handler if it passes the allowlist; returns whether it did. */
export function openExternalSafely(openExternal: OpenExternal, url: string): boolean {
  if (!isSafeExternalUrl(url)) {
    console.warn('[external-links] refused to open', url.slice(0, 200));
    return false;
  }
  openExternal(url).catch((error: unknown) => console.warn('[external-links] could not open', url, error));
  return true;
}
