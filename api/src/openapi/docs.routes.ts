// GET /api/docs: the reference page, Swagger UI (swagger-ui-dist) served from node_modules, never
// from a CDN and never part of the site's or the CRM's bundles. It runs under the app's CSP as is:
// the page has no inline script (its start-up script is a file beside it) and needs no eval.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RequestHandler } from 'express';

export const DOCS_ASSETS_PATH = '/api/docs/assets';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = require('swagger-ui-dist/package.json') as { version: string };

/** The renderer's files, under its version: a new version is a new URL, so a year's caching is safe. */
const ASSETS_BASE = `${DOCS_ASSETS_PATH}/${version}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const RENDERER_FILES = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png']);

// validatorUrl: null, or Swagger UI shows a badge fetched from validator.swagger.io. docExpansion:
// 'none': the reader opens a tag at a time. With every tag open, Swagger UI (5.35) stopped rendering
// once the document passed 127 calls: the page showed three tags and nothing after them, with no
// error (tests/api/docs.spec.ts opens each tag in turn).
const START_SCRIPT = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'none',
  validatorUrl: null,
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shine API reference</title>
<link rel="icon" type="image/png" href="${ASSETS_BASE}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS_BASE}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${ASSETS_BASE}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_BASE}/start.js"></script>
</body>
</html>
`;

export const sendDocsPage: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(DOCS_PAGE);
};

/** Mounted at DOCS_ASSETS_PATH: the renderer's script, styles and icon, and the start script; anything else falls through (404). */
export const sendDocsAsset: RequestHandler = (req, res, next) => {
  const [, assetVersion, name, ...rest] = req.path.split('/');
  if (assetVersion !== version || !name || rest.length > 0) return next();
  if (name === 'start.js') {
    res.setHeader('Cache-Control', IMMUTABLE);
    res.type('text/javascript').send(START_SCRIPT);
    return;
  }
  if (!RENDERER_FILES.has(name)) return next();
  // With `root`, only the name is checked for dot segments: the package sits under node_modules/.pnpm.
  res.sendFile(name, { root: swaggerUiDir, headers: { 'Cache-Control': IMMUTABLE } });
};
