// The rolling session cookie without signing it on every request. express-session with `rolling`
// signs the session id (HMAC-SHA-256) and serialises the cookie on every answer, although the
// signature depends only on the id and the header only changes when its Expires moves to the next
// second. This sends the same header express-session's rolling cookie would (same name, value,
// attributes and order, cookie@0.7's serialisation), built once per session and rebuilt only when the
// expiry's second moves. express-session still sets the cookie itself when the session is new or
// changed (sign-in, regenerate), and its clearing on sign-out; this only adds the renewal of an
// unchanged stored session, the one rolling renewal that was left to it.
import { createHmac } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Session, SessionData } from 'express-session';

/** Sessions whose signed value and last header are kept (a process serves a few dozen staff). */
const KNOWN_SESSIONS = 1000;

interface Known {
  expiresSecond: number;
  header: string;
  signed: string;
}

/** Whether a Set-Cookie header value already holds a cookie called `name`. */
function setsCookie(header: OutgoingHttpHeader | undefined, name: string): boolean {
  if (header === undefined) return false;
  const prefix = `${name}=`;
  if (Array.isArray(header)) return header.some((cookie) => cookie.startsWith(prefix));
  return String(header).startsWith(prefix);
}

export function rollingSessionCookie(options: {
  name: string;
  secret: string;
  cookie: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean };
}): RequestHandler {
  const { name, secret } = options;
  // cookie@0.7's attribute order: Path, Expires, HttpOnly, Secure, SameSite.
  const attributes = (expires: string) =>
    `; Path=${options.cookie.path}; Expires=${expires}${options.cookie.httpOnly ? '; HttpOnly' : ''}` +
    `${options.cookie.secure ? '; Secure' : ''}; SameSite=Lax`;
  const known = new Map<string, Known>();

  /** The header for `sid` expiring at `expires`: the remembered one while its second is the same. */
  function headerOf(sid: string, expires: Date): string {
    const expiresSecond = Math.floor(expires.getTime() / 1000);
    const entry = known.get(sid);
    if (entry?.expiresSecond === expiresSecond) return entry.header;
    // cookie-signature's form: the value, a dot, the HMAC in base64 without padding.
    const signed =
      entry?.signed ??
      encodeURIComponent(`s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`);
    const header = `${name}=${signed}${attributes(expires.toUTCString())}`;
    if (!entry && known.size >= KNOWN_SESSIONS) known.delete(known.keys().next().value as string);
    known.set(sid, { expiresSecond, header, signed });
    return header;
  }

  function renew(req: IncomingMessage & { secure?: boolean }, res: ServerResponse) {
    const session = (req as { session?: Session & Partial<SessionData> }).session;
    const sid = (req as { sessionID?: unknown }).sessionID;
    if (!session || typeof sid !== 'string') return;
    // Set (or cleared) by express-session in this answer: a new or changed session, or a sign-out.
    const current = res.getHeader('Set-Cookie');
    if (setsCookie(current, name)) return;
    // A session no one has written to (its only own field is the cookie) gets no cookie, as before.
    if (Object.keys(session).length <= 1) return;
    if (session.cookie.secure && !req.secure) return;
    // As express-session's rolling renewal: the idle timeout counts from now.
    session.touch();
    const expires = session.cookie.expires;
    if (!expires) return;
    const header = headerOf(sid, expires);
    res.setHeader(
      'Set-Cookie',
      current === undefined ? header : [...(Array.isArray(current) ? current : [String(current)]), header],
    );
  }

  // Registered before express-session, so this runs after its own header hook (each hook wraps the
  // previous writeHead): by then it has set the cookie if it was going to.
  return (req, res, next) => {
    const writeHead = res.writeHead;
    let renewed = false;
    res.writeHead = function writeHeadWithSessionCookie(this: ServerResponse, ...args: unknown[]) {
      if (!renewed) {
        renewed = true;
        renew(req, res);
      }
      return (writeHead as (...headArgs: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
