// A real SMTP server for the specs that read what the quote-mail server of the config sends
// (E2E_MAIL_BASE_URL, whose SMTP_URL is E2E_SMTP_PORT): every message it receives, as sent.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  received: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpCapture(port: number): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  return { received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The text of a quoted-printable mail: soft line breaks joined, =XX bytes decoded as UTF-8. */
export function decodedText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** One part of a multipart mail (`text/plain`, `text/html`…), decoded as decodedText does; empty when absent. */
export function decodedPart(raw: string, contentType: string): string {
  const part = raw.split(/\r?\n--/).find((chunk) => chunk.toLowerCase().includes(`content-type: ${contentType}`));
  return part ? decodedText(part) : '';
}
