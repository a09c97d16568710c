// ETags for the polled reads. The tag is computed from cheap change counters (db/data-versions.ts)
// *before* the data is read: if a write commits in between, the client gets new data under the old
// tag and simply fetches once more next poll; the reverse order could pin stale data to a new tag.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export function weakEtag(...parts: Array<string | number>): string {
  return `W/"${parts.join('-')}"`;
}

/** Digests kept by their text: polled reads ask for the same few queries over and over. */
const KNOWN_DIGESTS = 1000;
const digests = new Map<string, string>();

/**
 * A short stable digest of a normalised query, so that each filter combination has its own tag. The
 * KNOWN_DIGESTS asked for most recently are remembered (a hit moves to the back of the queue, so the
 * queries a poll repeats outlive a run of one-off ones): a poll's tag then costs its JSON, not a
 * SHA-256 as well.
 */
export function digest(value: unknown): string {
  const text = JSON.stringify(value);
  let known = digests.get(text);
  if (known === undefined) {
    known = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    if (digests.size >= KNOWN_DIGESTS) digests.delete(digests.keys().next().value as string);
  } else {
    digests.delete(text);
  }
  digests.set(text, known);
  return known;
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
