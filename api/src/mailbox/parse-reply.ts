// A message of the mailbox as the importer needs it, read by mailparser (Nodemailer's parser: MIME,
// charsets, encoded words; an HTML-only message comes with its text made from the HTML).
import { createHash } from 'node:crypto';
import { type AddressObject, simpleParser } from 'mailparser';
import { trimQuotedHistory } from './trim-quoted.ts';

export interface ParsedReply {
  /** The Message-ID, or (a message without one) a digest of its bytes: the same message, the same id. */
  externalId: string;
  /** Lower case; undefined when the From header names no address. */
  from: string | undefined;
  subject: string | null;
  /** The customer's words, the quoted history trimmed. */
  body: string;
  /** Every recipient address (To, Cc, Delivered-To, X-Original-To): where a plus address shows. */
  recipients: string[];
  /** In-Reply-To first, then References newest first: the Message-IDs this answers. */
  answers: string[];
  /** When the product received it (read it from the mailbox): never the sender's `Date:`. */
  receivedAt: Date;
  /** The `Date:` header as the sender wrote it (anyone can write any date); null without one. */
  headerDate: Date | null;
  /** The verdict of the topmost Authentication-Results (our mail server's), e.g. "spf=pass dkim=fail dmarc=fail"; null without one. */
  authentication: string | null;
  /** sha256 of the message's bytes: the same message read twice, the same digest. */
  digest: string;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => [
      ...(entry.address ? [entry.address] : []),
      ...(entry.group ?? []).flatMap((member) => (member.address ? [member.address] : [])),
    ]),
  );
}

function headerAddresses(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/^.*<|>.*$/g, '').trim()];
  if (Array.isArray(value)) return value.flatMap(headerAddresses);
  if (value && typeof value === 'object' && 'value' in value) return addressesOf(value as AddressObject);
  return [];
}

export function digestOf(source: Buffer): string {
  return createHash('sha256').update(source).digest('hex');
}

function messageIdsOf(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return text.match(/<[^<>\s]+>/g) ?? [];
}

/**
 * The methods and results of an Authentication-Results header ("mx.example; spf=pass smtp.mailfrom=…;
 * dkim=fail …; dmarc=fail …" → "spf=pass dkim=fail dmarc=fail"); its text, shortened, when it names none.
 */
export function authenticationVerdictOf(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string' || !first.trim()) return null;
  const text = first.replace(/\s+/g, ' ').trim();
  const results = [...text.matchAll(/(?:^|;)\s*([a-z][a-z0-9-]*)\s*=\s*([a-z]+)/gi)].map(
    ([, method, result]) => `${(method as string).toLowerCase()}=${(result as string).toLowerCase()}`,
  );
  return (results.length > 0 ? results.join(' ') : text).slice(0, 300);
}

/** `receivedAt`: when the product read it from the mailbox. */
export async function parseReply(source: Buffer, receivedAt: Date): Promise<ParsedReply> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const references = messageIdsOf(mail.references).reverse();
  const inReplyTo = messageIdsOf(mail.inReplyTo);
  const text = mail.text ?? '';
  return {
    externalId: mail.messageId ?? `sha256:${digestOf(source)}`,
    from: addressesOf(mail.from)[0]?.toLowerCase(),
    subject: mail.subject?.trim() || null,
    body: trimQuotedHistory(text),
    recipients: [
      ...addressesOf(mail.to),
      ...addressesOf(mail.cc),
      ...headerAddresses(mail.headers.get('delivered-to')),
      ...headerAddresses(mail.headers.get('x-original-to')),
    ],
    answers: [...new Set([...inReplyTo, ...references])],
    receivedAt,
    headerDate: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    authentication: authenticationVerdictOf(mail.headers.get('authentication-results')),
    digest: digestOf(source),
  };
}
