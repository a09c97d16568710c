// docs/security.md, third review, finding 7: text typed as an RFC 2047 encoded word ("=?utf-8?B?…?=")
// in a name reached the Subject of staff mail as written, and the mail app decoded it into other
// words. Through the real transport, a real SMTP server and a real parser: the reader sees exactly
// what was typed; ordinary subjects go out as before.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AutomationsConfig } from '../src/config.ts';
import { createTransports, subjectHeader, type Transport } from '../src/automations/delivery/transports.ts';
import { startSmtpServer, type TestSmtpServer } from './support/automation-engine.ts';

let smtp: TestSmtpServer;
let email: Transport;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const transports = createTransports({
    smtpUrl: smtp.url,
    mailFrom: 'Shine <robot@example.com>',
  } as AutomationsConfig);
  if (!transports.email) throw new Error('no e-mail transport');
  email = transports.email;
});
afterAll(async () => {
  email?.close?.();
  await smtp?.close();
});

async function subjectReceived(subject: string): Promise<{ header: string; read: string | undefined }> {
  const before = smtp.received.length;
  await email.send({ to: 'staff@example.com', subject, body: 'A new lead.' });
  const raw = smtp.received[before]?.raw ?? '';
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return { header, read: (await simpleParser(raw)).subject };
}

it('shows a typed encoded word literally, in base64 or quoted-printable form, alone or among text', async () => {
  for (const typed of [
    'New lead: =?utf-8?B?SGVsbG8gQWRtaW4=?= Lee',
    'New lead: =?UTF-8?Q?Pay_now?= Lee',
    '=?iso-8859-1?q?caf=E9?=',
    'Nouveau: José =?utf-8?B?SGk=?=',
  ]) {
    const { header, read } = await subjectReceived(typed);
    expect(read).toBe(typed);
    expect(header).not.toContain('?B?SGVsbG8gQWRtaW4=?=');
  }
});

it('leaves ordinary subjects as nodemailer writes them', async () => {
  expect(subjectHeader('New lead: Ana Lee, 3 bd / 2 ba')).toBe('New lead: Ana Lee, 3 bd / 2 ba');
  const plain = await subjectReceived('New lead: Ana Lee = 2?');
  expect(plain.read).toBe('New lead: Ana Lee = 2?');
  expect(plain.header).toBe('New lead: Ana Lee = 2?');
  expect((await subjectReceived('Nuevo: José Martínez')).read).toBe('Nuevo: José Martínez');
});
