// createApp(deps): the whole Express application, without listening (server.ts listens; tests drive
// it with supertest). Order matters: headers and logging, then /api (CORS, origin check, bodies,
// sessions, routes, JSON 404), then the static site and CRM, then the error handler.
import compression from 'compression';
import express, { type Express, Router } from 'express';
import type { AppDeps } from './deps.ts';
import { healthRouter } from './health/health.routes.ts';
import { corsForOrigins } from './http/cors.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { requestLogger } from './http/request-logger.ts';
import { readScriptHashes, securityHeaders } from './http/security-headers.ts';
import { staticFiles } from './http/static.ts';

export interface App {
  app: Express;
  /** Stops timers the app owns (session cleanup); the database is the caller's to close. */
  close: () => void;
}

export function createApp(deps: AppDeps): App {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // JSON answers carry our own cheap ETags where they matter (see http/conditional.ts).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  app.use(requestLogger(logger));
  app.use(
    securityHeaders({
      scriptHashes: readScriptHashes(config.siteDistDir, logger),
      corsOrigins: config.corsOrigins,
      https: config.cookieSecure,
    }),
  );
  app.use(compression());

  const api = Router();
  api.use(corsForOrigins(config.corsOrigins));
  api.use('/health', healthRouter(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(staticFiles({ siteDistDir: config.siteDistDir, crmDistDir: config.crmDistDir }));
  app.use(errorHandler);
  return { app, close: () => {} };
}
