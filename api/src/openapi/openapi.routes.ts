// GET /api/openapi.json (the document, built on its first request and kept) and /api/docs (its
// reference page).
import { createHash } from 'node:crypto';
import { publicOperations } from '@shine/shared/operations/public';
import type { Request, Response, Router } from 'express';
import { operationRouter } from '../http/route.ts';
import { DOCS_ASSETS_PATH, sendDocsAsset, sendDocsPage } from './docs.routes.ts';
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
  const { router, route } = operationRouter('/api');

  // The document is sent as the text it was serialised to once, hence Express's untyped answer here.
  route(publicOperations.getOpenApiDocument, (req: Request, res: Response) => {
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
  route(publicOperations.getApiReference, sendDocsPage);
  router.use(DOCS_ASSETS_PATH.replace(/^\/api/, ''), sendDocsAsset);
  return router;
}
