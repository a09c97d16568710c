import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** File the all-in-one server reads at startup to extend its `script-src` (see site/README.md). */
export const CSP_MANIFEST = '_csp.json';

// Every <script> element with a body; external scripts (src=...) have no body and are covered by 'self'.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// Data blocks (JSON-LD) are never executed, so CSP does not apply to them.
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The `'sha256-…'` source of every inline script in one HTML document. */
export function collectInlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes) || body === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Astro inlines its island bootstrap (`astro-island` and the `client:*` directive loaders). The
 * server's CSP allows scripts from 'self' plus hashes, never 'unsafe-inline', so after the build we
 * hash every inline script of every page into `_csp.json`.
 */
export function cspHashes(): AstroIntegration {
  return {
    name: 'shine:csp-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await listHtmlFiles(outDir)) {
          for (const hash of collectInlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
        }
        const scriptHashes = [...hashes].sort();
        await writeFile(path.join(outDir, CSP_MANIFEST), `${JSON.stringify({ scriptHashes }, null, 2)}\n`);
        logger.info(`${CSP_MANIFEST}: ${scriptHashes.length} inline script hash(es)`);
      },
    },
  };
}
