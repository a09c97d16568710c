/**
 * Splits a URL pathname into decoded segments, or returns null when any segment could climb out of
 * the folder it names. The URL parser already folds literal `..`, but not `%2F`-hidden separators,
 * backslashes (a separator on Windows) or NUL; those are refused here rather than trusted to `path.join`.
 */
export function splitSafePath(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..') return null;
    if (segment.includes('/') || segment.includes('\\') || hasControlCharacter(segment)) return null;
    // A `C:` drive prefix would make path.resolve jump to another drive on Windows.
    if (/^[a-zA-Z]:/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** NUL (which truncates paths in native code) and the other C0 controls, and DEL. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
