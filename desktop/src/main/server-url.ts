/**
 * The server URL staff type in: the origin of the Shine server whose `/api` the app forwards to.
 * Stored and compared only in the normalised form returned here.
 */
export type ServerUrlResult = { ok: true; url: string } | { ok: false; message: string };

const MAX_LENGTH = 2048;
const SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:/i;

export function parseServerUrl(input: string): ServerUrlResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: 'Enter the server address, for example https://crm.example.com.' };
  if (trimmed.length > MAX_LENGTH) return { ok: false, message: 'That address is too long.' };

  // "crm.example.com" is what people type; assume HTTPS rather than refusing it. Anything that names
  // a scheme ("ftp:", "file:", "javascript:") is judged as written.
  const candidate = SCHEME_PATTERN.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: 'That is not a valid address. Use the form https://crm.example.com.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The server address must start with https:// (or http:// on a local network).' };
  }
  if (url.hostname === '') return { ok: false, message: 'The server address needs a host name.' };
  // Credentials in a URL end up in logs and history, and the server signs staff in with its own form.
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      message: 'Leave the user name and password out of the server address; sign in on the login screen.',
    };
  }
  // The app talks to `{origin}/api/...`; a path would be silently ignored, so say so instead.
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    return { ok: false, message: `Enter the server address only, without a path: ${url.origin}` };
  }
  return { ok: true, url: url.origin };
}

/** True for a value that `parseServerUrl` would return unchanged (used when reading stored settings). */
export function isNormalisedServerUrl(value: string): boolean {
  const parsed = parseServerUrl(value);
  return parsed.ok && parsed.url === value;
}
