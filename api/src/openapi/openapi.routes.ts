// GET /api/openapi.json (the document, built on its first request and kept) and /api/docs (its
// reference page).
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { DOCS_ASSETS_PATH, sendDocsAsset, sendDocsPage } from './docs.ts';
import { buildOpenApiDocument } from './document.ts';

interface ServedDocument {
  body: string;
  etag: string;
}

// The document depends on the call table alone, so one copy serves every app in the process. It is
// built when first asked for (tens of milliseconds), not on every start and every app a test builds.
let served: ServedDocument | undefined;

function servedDocument(): ServedDocument {
  if (!served) {
    const body = JSON.stringify(buildOpenApiDocument());
    served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  }
  return served;
}

export function openApiRouter(): Router {
  const router = Router();

  router.get('/openapi.json', (req, res) => {
    const { body, etag } = servedDocument();
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
