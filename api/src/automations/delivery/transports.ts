// How messages leave the building: e-mail over SMTP (nodemailer), SMS through a Twilio-compatible
// HTTP API. A channel without configuration has no transport: its messages stay in the outbox.
import nodemailer from 'nodemailer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import type { AutomationsConfig } from '../../config.ts';
import { emailLogoAttachment } from '../../email/index.ts';

export interface OutgoingMessage {
  to: string;
  subject: string | null;
  /** The text (an e-mail's plain-text part). */
  body: string;
  /**
   * E-mail only: the HTML twin of the body (email.service.ts). With it the message is
   * multipart/alternative, the logo its HTML shows attached inline.
   */
  html?: string | null;
  /**
   * The outbox row's id: an e-mail's Message-ID is made from it, so a message sent again (its process
   * died after the server accepted it and before the outbox said so) is the same message to the
   * recipient's mail system, which shows it once.
   */
  id?: string;
  /** E-mail only: where the recipient's answer goes (the lead's plus address on REPLY_MAILBOX). */
  replyTo?: string;
  /** E-mail only: more header fields (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** E-mail only: files sent with it (a quote's PDF). */
  attachments?: readonly EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Transport {
  /** Resolves with the provider's id of the message; rejects when it was not accepted. */
  send: (message: OutgoingMessage) => Promise<string>;
  close?: () => void;
}

export interface Transports {
  email: Transport | undefined;
  sms: Transport | undefined;
}

const SEND_TIMEOUT_MS = 30_000;

/** The domain of the sender's address, for Message-IDs ("Shine <robot@example.com>" → example.com). */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'shine.invalid';
}

/** An outbox row's Message-ID: the same row, the same id, however often it is sent. */
function messageIdOf(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The outbox row a Message-ID of ours was made from (messageIdOf); undefined for anyone else's. */
export function outboxIdOfMessageId(messageId: string): string | undefined {
  const local = /^<([^@<>]+)@[^<>]+>$/.exec(messageId.trim())?.[1];
  return local && UUID.test(local) ? local.toLowerCase() : undefined;
}

/** Text that a mail app would read as an RFC 2047 encoded word ("=?charset?B?…?="). */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?/i;

/**
 * The Subject as its header carries it. Nodemailer encodes only non-ASCII text, so a name typed as
 * "=?utf-8?B?…?=" reached staff as written and their mail app decoded it into other words: such a
 * subject is encoded whole (base64 encoded words), so the reader shows exactly what was typed
 * (docs/security.md, third review, finding 7).
 */
export function subjectHeader(subject: string): string {
  return ENCODED_WORD.test(subject) ? encodeWord(subject, 'B', 52) : subject;
}

function createMailer(smtpUrl: string, from: string): Transport {
  const domain = domainOf(from);
  // `url` (nodemailer parses it into host, port, secure and auth) plus our timeouts: a server that
  // stops answering must fail the attempt well before the queue takes the job for lost.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(message) {
      const attachments = [...(message.attachments ?? []), ...(message.html ? [emailLogoAttachment()] : [])];
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: subjectHeader(message.subject ?? ''),
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        ...(attachments.length ? { attachments } : {}),
        ...(message.id ? { messageId: messageIdOf(message.id, domain) } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      return String(info.messageId ?? '');
    },
    close: () => transporter.close(),
  };
}

/** US numbers as E.164 (the provider wants +1…); anything else is passed as written. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return phone.trim();
}

/** POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, basic auth. */
function createSmsSender(sms: NonNullable<AutomationsConfig['sms']>): Transport {
  const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`, sms.apiUrl);
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: toE164(message.to), From: sms.from, Body: message.body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok)
        throw new Error(`SMS provider answered ${response.status}${answer.message ? `: ${answer.message}` : ''}`);
      return answer.sid ?? '';
    },
  };
}

export function createTransports(config: AutomationsConfig): Transports {
  return {
    email: config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined,
    sms: config.sms ? createSmsSender(config.sms) : undefined,
  };
}
