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

export function securityHeaders(options: {
  scriptHashes: string[];
  corsOrigins: string[];
  https: boolean;
}): RequestHandler {
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
