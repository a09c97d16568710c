/**
 * An API path prefixed with PUBLIC_API_URL (build time). Empty means same origin, which is how the
 * all-in-one server serves the site; a site deployed alone points this at the API's origin.
 */
export function buildApiUrl(path: string): string {
  const base = (import.meta.env.PUBLIC_API_URL ?? '').trim().replace(/\/+$/, '');
  return `${base}${path}`;
}
