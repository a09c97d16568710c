// The all-in-one server's static part: the site's build at /, the CRM's at /admin (history fallback
// to its index.html), long-lived caching for hashed assets, revalidation for everything else, and
// the site's 404 page for unknown paths. Folders that do not exist yet are simply skipped.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@shine/shared/messages';
import express, { type Express, type RequestHandler, type Response, Router } from 'express';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface StaticOptions {
  siteDistDir: string;
  crmDistDir: string;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Content-hashed build output (Astro's /_astro, Vite's /assets) never changes under its name. */
function cacheHeaders(hashedDir: string): (res: Response, file: string) => void {
  return (res, file) => {
    const hashed = file.split(path.sep).includes(hashedDir);
    res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
  };
}

/** A path inside `root` for a URL path, or undefined when it would leave it or is not valid. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`) ? resolved : undefined;
}

function sendHtml(res: Response, file: string, status = 200): void {
  res.status(status);
  res.setHeader('Cache-Control', REVALIDATE);
  res.sendFile(file);
}

const isReadRequest = (method: string) => method === 'GET' || method === 'HEAD';

function siteRouter(siteDir: string): Router {
  const router = Router();
  // /quote/ → quote/index.html and /quote → quote.html are served here; no directory redirects.
  router.use(
    express.static(siteDir, {
      index: ['index.html'],
      extensions: ['html'],
      redirect: false,
      setHeaders: cacheHeaders('_astro'),
    }),
  );
  // /quote → quote/index.html (Astro's directory format) without the trailing-slash redirect.
  const directoryIndex: RequestHandler = (req, res, next) => {
    if (!isReadRequest(req.method)) return next();
    const dir = resolveInside(siteDir, req.path);
    const index = dir && path.join(dir, 'index.html');
    if (index && isFile(index)) return sendHtml(res, index);
    next();
  };
  router.use(directoryIndex);
  return router;
}

function crmRouter(crmDir: string): Router {
  const router = Router();
  router.use(express.static(crmDir, { index: false, redirect: false, setHeaders: cacheHeaders('assets') }));
  const index = path.join(crmDir, 'index.html');
  // The CRM routes (/admin, /admin/dashboard, /admin/crm, ...) all load its index.html. A missing
  // asset or any other file-like path stays a 404 rather than HTML in place of a script.
  const historyFallback: RequestHandler = (req, res, next) => {
    if (!isReadRequest(req.method)) return next();
    const last = req.path.split('/').pop() ?? '';
    if (req.path.startsWith('/assets/') || last.includes('.')) return next();
    if (isFile(index)) return sendHtml(res, index);
    next();
  };
  router.use(historyFallback);
  return router;
}

/** The site's 404.html with status 404, or a plain-text 404 when the site is not built. */
function notFoundPage(siteDir: string): RequestHandler {
  const page = path.join(siteDir, '404.html');
  return (req, res) => {
    if (isReadRequest(req.method) && isFile(page)) return sendHtml(res, page, 404);
    res.status(404).type('text/plain').send(MESSAGES.notFound.title);
  };
}

export function staticFiles(options: StaticOptions): Express {
  // A sub-application of its own: the API turns Express's body-hashing ETags off, files want them
  // (res.sendFile takes the setting from the application serving it).
  const router = express();
  router.set('etag', 'weak');
  router.disable('x-powered-by');
  const crmDir = path.resolve(options.crmDistDir);
  const siteDir = path.resolve(options.siteDistDir);
  // Checked per request (cheap stat) so a build finishing after start is picked up without a restart.
  const whenExists =
    (dir: string, handler: Router): RequestHandler =>
    (req, res, next) =>
      existsSync(dir) ? handler(req, res, next) : next();
  router.use('/admin', whenExists(crmDir, crmRouter(crmDir)));
  router.use(whenExists(siteDir, siteRouter(siteDir)));
  router.use(notFoundPage(siteDir));
  return router;
}
