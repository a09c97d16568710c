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
  receivedAt: Date;
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

function messageIdsOf(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return text.match(/<[^<>\s]+>/g) ?? [];
}

export async function parseReply(source: Buffer, fallbackDate: Date): Promise<ParsedReply> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const references = messageIdsOf(mail.references).reverse();
  const inReplyTo = messageIdsOf(mail.inReplyTo);
  const text = mail.text ?? '';
  return {
    externalId: mail.messageId ?? `sha256:${createHash('sha256').update(source).digest('hex')}`,
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
    receivedAt: mail.date ?? fallbackDate,
  };
}
