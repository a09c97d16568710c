// Twilio's request signature (X-Twilio-Signature, https://www.twilio.com/docs/usage/security): the
// full URL the provider called, then every POST parameter sorted by name, name and value appended
// with no separator; HMAC-SHA1 with the account's auth token; base64.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_ERRORS } from '@shine/shared/messages';
import { AppError } from './app-error.ts';

export type FormParams = Record<string, string | string[] | undefined>;

/** The signature of a call to `url` with these form parameters (a repeated name: each value, in order). */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, one]);
  }
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const signed = pairs.reduce((text, [name, value]) => text + name + value, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether `header` is the signature of this call; compared in constant time. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Throws 403 unless the request carries the provider's signature over PUBLIC_ORIGIN + `path` and its
 * form parameters (the SMS and voice webhooks alike); without a token or an origin nothing is believed.
 */
export function assertSignedByProvider(
  token: string | undefined,
  publicOrigin: string | undefined,
  path: string,
  params: FormParams,
  header: string | undefined,
): void {
  const url = publicOrigin ? new URL(path, publicOrigin).toString() : undefined;
  if (!token || !url || !isValidTwilioSignature(token, url, params, header)) {
    throw new AppError(403, API_ERRORS.smsSignatureInvalid);
  }
}
