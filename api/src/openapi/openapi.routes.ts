// GET /api/openapi.json (the document, built once at start) and /api/docs (its reference page).
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { DOCS_ASSETS_PATH, sendDocsAsset, sendDocsPage } from './docs.ts';
import { buildOpenApiDocument } from './document.ts';

export function openApiRouter(): Router {
  const router = Router();
  const body = JSON.stringify(buildOpenApiDocument());
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

  router.get('/openapi.json', (req, res) => {
    // Public and the same for everyone: any cache may keep it, revalidating by ETag before each use.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('json').send(body);
  });
  router.get('/docs', sendDocsPage);
  router.use(DOCS_ASSETS_PATH.replace(/^\/api/, ''), sendDocsAsset);
  return router;
}
