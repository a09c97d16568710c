// The customer's link to a quote: 32 random bytes (256 bits) in base64url, in the link only; the
// database keeps its SHA-256, so the table alone opens no quote (like auth/setup-links.ts).
import { createHash, randomBytes } from 'node:crypto';

export function hashQuoteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newQuoteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashQuoteToken(token) };
}

/** Where the customer's page is: `${origin}/q/{token}`. */
export function quoteUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/q/${token}`;
}
