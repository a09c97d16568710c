// The account's secrets: a sign-in link's token and a session cookie's token, each 32 random bytes
// in base64url, in the link or cookie only; the database keeps their SHA-256 (like the quote links).
import { createHash, randomBytes } from 'node:crypto';

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashAccountToken(token) };
}

/** Where a sign-in link leads: `${origin}/account/sign-in/{token}`. */
export function accountSignInUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/account/sign-in/${token}`;
}
