// Plus addressing on the company mailbox (REPLY_MAILBOX): sales@example.com answers for
// sales+{token}@example.com, and the token names the lead. Tokens are lower-case letters and digits:
// some mail systems fold an address's case on the way.
import { randomBytes } from 'node:crypto';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 characters of base32: 100 random bits. */
export function createReplyToken(): string {
  return [...randomBytes(20)].map((byte) => TOKEN_ALPHABET[byte % 32]).join('');
}

function split(address: string): { local: string; domain: string } | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  return { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() };
}

/** sales@example.com + token → sales+token@example.com */
export function plusAddressOf(mailbox: string, token: string): string {
  const parts = split(mailbox);
  if (!parts) throw new Error('REPLY_MAILBOX is not an e-mail address');
  return `${parts.local}+${token}@${parts.domain}`;
}

/** The tokens of the mailbox's plus addresses among `addresses` (To, Cc, Delivered-To …), in order. */
export function replyTokensIn(addresses: readonly string[], mailbox: string): string[] {
  const box = split(mailbox);
  if (!box) return [];
  const tokens: string[] = [];
  for (const address of addresses) {
    const parts = split(address.trim());
    if (!parts || parts.domain !== box.domain) continue;
    const plus = parts.local.indexOf('+');
    if (plus < 0 || parts.local.slice(0, plus).toLowerCase() !== box.local.toLowerCase()) continue;
    const token = parts.local.slice(plus + 1).toLowerCase();
    if (/^[a-z0-9]{16,40}$/.test(token)) tokens.push(token);
  }
  return tokens;
}
