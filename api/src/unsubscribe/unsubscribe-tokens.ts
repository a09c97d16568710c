// The token of a lead's unsubscribe link: the lead's id and an HMAC-SHA256 of it under a key of the
// server's own (db/app-secrets.ts), base64url. Signed rather than stored: every e-mail ever sent keeps
// a working link without a row per e-mail, and nobody can make a link for a lead they were not sent.
import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function macOf(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update('unsubscribe:').update(id).digest().subarray(0, MAC_BYTES);
}

export function signUnsubscribeToken(secret: string, leadId: string): string {
  if (!UUID.test(leadId)) throw new Error('a lead id is a UUID');
  const id = Buffer.from(leadId.replaceAll('-', ''), 'hex');
  return Buffer.concat([id, macOf(secret, id)]).toString('base64url');
}

/** The lead the token was signed for; undefined for anything we did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // The last character carries two spare bits: only the one spelling we issue is accepted.
  if (bytes.length !== 16 + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const id = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), macOf(secret, id))) return undefined;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
