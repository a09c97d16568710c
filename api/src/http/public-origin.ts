import type { Request } from 'express';

/** Where links we send point: PUBLIC_ORIGIN, or (development, where it may be unset) this request's own origin. */
export function publicOriginOf(req: Request, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
