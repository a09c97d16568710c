// ETags for the polled reads. The tag is computed from cheap change counters (db/data-versions.ts)
// *before* the data is read: if a write commits in between, the client gets new data under the old
// tag and simply fetches once more next poll; the reverse order could pin stale data to a new tag.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export function weakEtag(...parts: Array<string | number>): string {
  return `W/"${parts.join('-')}"`;
}

/** A short stable digest of a normalised query, so that each filter combination has its own tag. */
export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

/**
 * Sets the ETag (and asks caches to revalidate every time); answers 304 and returns true when the
 * client's copy is current.
 */
export function answerIfFresh(req: Pick<Request, 'fresh'>, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (req.fresh) {
    res.status(304).end();
    return true;
  }
  return false;
}
