import { describe, expect, it } from 'vitest';
import { trimQuotedHistory } from './trim-quoted.ts';

describe('trimQuotedHistory', () => {
  it('cuts the history under a Gmail-style "On … wrote:" line', () => {
    const text =
      'Yes, Tuesday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Shine <hello@shine.example> wrote:\n> Hello Ana,\n> Your quote';
    expect(trimQuotedHistory(text)).toBe('Yes, Tuesday works.');
  });

  it('cuts an Outlook "-----Original Message-----" block and its CRLF line ends', () => {
    const text = 'Yes please.\r\n\r\n-----Original Message-----\r\nFrom: Shine\r\nSent: Monday\r\n\r\nHello';
    expect(trimQuotedHistory(text)).toBe('Yes please.');
  });

  it('cuts an Outlook "From: … Sent: …" header block', () => {
    const text =
      'Sounds good\n\nFrom: Shine <hello@shine.example>\nSent: Monday, November 23, 2026 9:00 AM\nTo: ana@example.com\nSubject: Your quote\n\nHello Ana';
    expect(trimQuotedHistory(text)).toBe('Sounds good');
  });

  it('cuts a phone signature and the quote under it', () => {
    const text =
      'Thanks!\n\nSent from my iPhone\n\n> On Nov 23, 2026, at 9:00 AM, Shine <hello@shine.example> wrote:\n> Hello';
    expect(trimQuotedHistory(text)).toBe('Thanks!');
  });

  it('keeps a message whose lines only look like a quote header', () => {
    const text = 'Hi,\nOn a side note, we have two dogs.\nThanks';
    expect(trimQuotedHistory(text)).toBe(text);
  });

  it('keeps a message that is all quote whole rather than storing nothing', () => {
    const text = 'Le lun. 23 nov. 2026 à 09:00, Shine <hello@shine.example> a écrit :\n> Bonjour';
    expect(trimQuotedHistory(text)).toBe(text);
  });
});
