// The TwiML the voice webhooks answer with (https://www.twilio.com/docs/voice/twiml): ring the team,
// take a voicemail, or nothing more.
const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;

/** Rings `numbers` together for `timeoutSeconds`; how it ended is posted to `action`. */
export function dialTwiml(numbers: readonly string[], timeoutSeconds: number, action: string): string {
  const targets = numbers.map((number) => `<Number>${escapeXml(number)}</Number>`).join('');
  return document(`<Dial timeout="${timeoutSeconds}" action="${escapeXml(action)}">${targets}</Dial>`);
}

/** The longest voicemail taken, in seconds. */
const VOICEMAIL_MAX_SECONDS = 120;

/** Asks the caller for a message; the recording's address is posted to `action`. */
export function voicemailTwiml(companyName: string, action: string): string {
  const prompt = `Sorry, nobody at ${companyName} can take your call right now. Please leave a message after the tone and we will call you back.`;
  return document(
    `<Say>${escapeXml(prompt)}</Say><Record maxLength="${VOICEMAIL_MAX_SECONDS}" playBeep="true" action="${escapeXml(action)}"/>`,
  );
}

export const EMPTY_TWIML = document('');
