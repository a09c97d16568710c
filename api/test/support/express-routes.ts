// The routes an Express app really registers, walked from its router stack: what the route-table
// tests compare their tables with.
import type { Express } from 'express';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** "METHOD /path/:id" with every path parameter named :id. */
export const routeKey = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path.replaceAll(/:\w+/g, ':id')}`;

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replaceAll(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Every route of the router stack, with its path parameters as written (`:token`, `:id`). */
function listRoutes(stack: Layer[], prefix = ''): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          found.push({ method: method.toUpperCase(), path: join(prefix, path) });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      found.push(...listRoutes(layer.handle.stack, join(prefix, mount)));
    }
  }
  return found;
}

/** Every METHOD /api/... route the app serves (routeKey form). */
export function listApiRoutes(app: Express): Set<string> {
  const { router } = app as Express & { router: { stack: Layer[] } };
  return new Set(
    listRoutes(router.stack)
      .map(routeKey)
      .filter((key) => key.includes(' /api/')),
  );
}

/** Every route the app serves, inside /api and outside (the quote page, the unsubscribe link). */
export function listAllRoutes(app: Express): Array<{ method: string; path: string }> {
  const { router } = app as Express & { router: { stack: Layer[] } };
  return listRoutes(router.stack);
}
