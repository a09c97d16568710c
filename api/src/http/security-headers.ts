// helmet with the Content-Security-Policy the site and the CRM run under: no inline scripts except
// those the site build lists by hash in site/dist/_csp.json ({ "scriptHashes": ["sha256-..."] }).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from '../logger.ts';

const HASH_PATTERN = /^'?(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}'?$/;

/** The script hashes the site build declared, quoted for a CSP source list; [] when there are none. */
export function readScriptHashes(siteDistDir: string, logger?: Logger): string[] {
  const file = path.join(siteDistDir, '_csp.json');
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
    const hashes = Array.isArray(parsed.scriptHashes) ? parsed.scriptHashes : [];
    const valid = hashes.filter((hash): hash is string => typeof hash === 'string' && HASH_PATTERN.test(hash));
    if (valid.length !== hashes.length) logger?.warn({ file }, 'ignored malformed entries in _csp.json');
    return [...new Set(valid.map((hash) => `'${hash.replaceAll("'", '')}'`))];
  } catch (error) {
    logger?.warn({ err: error, file }, 'could not read _csp.json; inline scripts stay blocked');
    return [];
  }
}

/**
 * The headers a request-independent middleware sets, found once by running it on a recording
 * response: helmet's values, computed by helmet, then set on every response by one loop instead of a
 * dozen middleware calls. Refuses a middleware that did not finish synchronously or failed.
 */
export function precomputedHeaders(middleware: RequestHandler): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
      removed.delete(name.toLowerCase());
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  middleware({} as Parameters<RequestHandler>[0], recorder as unknown as Parameters<RequestHandler>[1], (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('precomputedHeaders: the middleware did not call next() at once');
  const headers = [...set];
  const removals = [...removed];
  return (_req, res, next) => {
    for (const name of removals) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

export function securityHeaders(options: {
  scriptHashes: string[];
  corsOrigins: string[];
  https: boolean;
}): RequestHandler {
  // No directive depends on the request (no nonces), so every response gets the same set.
  return precomputedHeaders(securityHelmet(options));
}

function securityHelmet(options: { scriptHashes: string[]; corsOrigins: string[]; https: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        // antd and Astro's scoped styles inject style attributes and tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.corsOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something when the site is served over HTTPS.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
