import { readFile } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticFile = { kind: 'file'; filePath: string; body: Buffer } | { kind: 'missing' };

/**
 * Reads `segments` (already checked by `splitSafePath`) below `root`. Dot-files are never served, and
 * the joined path must still lie inside `root`: two independent guards against leaving the build folder.
 */
export async function readStaticFile(root: string, segments: readonly string[]): Promise<StaticFile> {
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'missing' };
  const resolvedRoot = path.resolve(root);
  const filePath = path.resolve(resolvedRoot, ...segments);
  if (filePath !== resolvedRoot && !filePath.startsWith(resolvedRoot + path.sep)) return { kind: 'missing' };
  try {
    return { kind: 'file', filePath, body: await readFile(filePath) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
}

/** A client-side route (`/admin/crm`) rather than a file: its last segment has no extension. */
export function isHistoryRoute(segments: readonly string[]): boolean {
  const last = segments.at(-1);
  return last === undefined || !last.includes('.');
}
