// The customer's pay link: 32 random bytes in base64url, in the link only; the database keeps its
// SHA-256, so the table alone opens no invoice (as the quote links).
import { createHash, randomBytes } from 'node:crypto';

export function hashInvoiceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newInvoiceToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvoiceToken(token) };
}

/** Where the customer's invoice is: `${origin}/i/{token}`. */
export function invoiceUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/i/${token}`;
}
