// The token of a lead's unsubscribe link: the lead's id encrypted (one AES-256 block under a key
// derived from the server's own, db/app-secrets.ts) and an HMAC-SHA256 of that, base64url. Opaque:
// whoever holds a link (a forwarded e-mail, a mail provider's log) cannot read the lead's id from it.
// Signed rather than stored: every e-mail ever sent keeps a working link without a row per e-mail,
// and nobody can make a link for a lead they were not sent.
//
// Links sent before the id was encrypted carried it in clear (the id and its HMAC under another
// label). They keep working, as an unsubscribe link must for as long as the e-mail may be read: the
// check accepts both forms, and only the opaque one is issued.
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const ID_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The MAC of the opaque form (over the encrypted id) and of the earlier clear form (over the id). */
function macOf(secret: string, label: 'unsubscribe:' | 'unsubscribe-opaque:', bytes: Buffer): Buffer {
  return createHmac('sha256', secret).update(label).update(bytes).digest().subarray(0, MAC_BYTES);
}

function idKeyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('unsubscribe-id-key').digest();
}

/** One 16-byte block through AES-256 (a permutation: the same id, the same token, and back). */
function crypt(secret: string, block: Buffer, direction: 'encrypt' | 'decrypt'): Buffer {
  const make = direction === 'encrypt' ? createCipheriv : createDecipheriv;
  const cipher = make('aes-256-ecb', idKeyOf(secret), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

const uuidOf = (id: Buffer) => {
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function signUnsubscribeToken(secret: string, leadId: string): string {
  if (!UUID.test(leadId)) throw new Error('a lead id is a UUID');
  const sealed = crypt(secret, Buffer.from(leadId.replaceAll('-', ''), 'hex'), 'encrypt');
  return Buffer.concat([sealed, macOf(secret, 'unsubscribe-opaque:', sealed)]).toString('base64url');
}

/** The lead the token was signed for (either form); undefined for anything we did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // The last character carries two spare bits: only the one spelling we issue is accepted.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const body = bytes.subarray(0, ID_BYTES);
  const mac = bytes.subarray(ID_BYTES);
  if (timingSafeEqual(mac, macOf(secret, 'unsubscribe-opaque:', body))) return uuidOf(crypt(secret, body, 'decrypt'));
  if (timingSafeEqual(mac, macOf(secret, 'unsubscribe:', body))) return uuidOf(body);
  return undefined;
}
