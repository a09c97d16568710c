// The call tables as the browser needs them. Each table in packages/shared/src/operations holds, per
// call, its method and path and the zod schemas of its request and answers. The CRM's client reads
// only the method and path at run time (api/client.ts); the schemas give it types, which TypeScript
// reads from the tables themselves. Bundled whole, the schemas of every call would be in the first
// load (about 27 KB gzip: the live stream and the session import the keys of many features' reads).
// So the build loads each table module in Node and hands the bundle that module reduced to its calls'
// methods and paths: derived from the one declaration, never written a second time.
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Operation } from '@shine/shared/operations/operation';
import type { Plugin } from 'vite';

/** A table module of packages/shared: `<area>.operations.ts` beside operation.ts. */
const TABLE_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/]operations[\\/][\w-]+\.operations\.ts$/;

type Route = Pick<Operation, 'method' | 'path'>;

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Operation).method === 'string' &&
  typeof (value as Operation).path === 'string';

/** Whether an export is a call table: an object whose every value is an operation. */
const isTable = (value: unknown): value is Record<string, Operation> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isOperation);

/**
 * The source the bundle gets for a table module: each table export as its calls' methods and paths.
 * Any other export is left out, so a CRM module importing one fails the build by name instead of
 * bundling schemas unnoticed.
 */
export function routesModuleSource(exports: Readonly<Record<string, unknown>>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (!isTable(value)) continue;
    const routes: Record<string, Route> = {};
    for (const [call, { method, path }] of Object.entries(value)) routes[call] = { method, path };
    lines.push(`export const ${name} = ${JSON.stringify(routes)};`);
  }
  return `${lines.join('\n')}\n`;
}

export function operationRoutes(): Plugin {
  return {
    name: 'shine-crm-operation-routes',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!TABLE_MODULE.test(file)) return null;
      this.addWatchFile(file);
      // Node keeps an imported module: the file's time in the URL reads an edited table afresh (dev server).
      const url = `${pathToFileURL(file).href}?mtime=${statSync(file).mtimeMs}`;
      const exports = (await import(url)) as Record<string, unknown>;
      return routesModuleSource(exports);
    },
  };
}
