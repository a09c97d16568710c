// The calendar file of an e-mail the test SMTP server received, read without a MIME or iCalendar
// library: the text/calendar part (base64 or quoted-printable), its folded lines unfolded, and each
// VEVENT as its properties (name → value, parameters dropped).
import { decodedText } from './smtp-capture.ts';

export interface CalendarFile {
  method: string | undefined;
  events: Array<Record<string, string>>;
}

/** The raw message's text/calendar part, decoded; undefined when it has none. */
export function calendarPartOf(raw: string): string | undefined {
  const part =
    /Content-Type: text\/calendar[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!part) return undefined;
  const headers = part[1] ?? '';
  const body = part[2] ?? '';
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) return decodedText(body);
  return body;
}

/** RFC 5545's content lines: unfolded, each as its name and value. */
export function parseCalendar(text: string): CalendarFile {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const file: CalendarFile = { method: undefined, events: [] };
  let event: Record<string, string> | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = (line.slice(0, colon).split(';')[0] ?? '').toUpperCase();
    const value = line.slice(colon + 1);
    if (name === 'BEGIN' && value === 'VEVENT') event = {};
    else if (name === 'END' && value === 'VEVENT' && event) {
      file.events.push(event);
      event = undefined;
    } else if (event) event[name] = value;
    else if (name === 'METHOD') file.method = value;
  }
  return file;
}
