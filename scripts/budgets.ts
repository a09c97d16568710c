// Front-end budgets (docs/performance.md, "Front-end budgets"), checked against the built output
// after `pnpm build`:
// - a site page without islands ships no framework JS (no React, no island renderer);
// - the quote page's JS is at most 100 KB gzip;
// - the CRM's first load at /admin (its JS and the stylesheets its page links) is at most 350 KB gzip, and
//   other sections live in lazy chunks;
// - the chart library (analytics) is in a lazy chunk, never in the first load.
// "What a page loads" = its <script src>, inline scripts, modulepreloads and island component/renderer
// URLs, plus every module those import statically (dynamic import() is what lazy loading means).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024;
export const QUOTE_PAGE_JS_BUDGET = 100 * KB;
export const CRM_FIRST_LOAD_BUDGET = 350 * KB;
/**
 * chart.js's own error text, in its core module: whatever the bundler names the chunk, the chunk that
 * carries this carries the chart library (the charts are lazy: docs/decisions.md, "Charts").
 */
export const CHART_LIBRARY_MARKER = 'Failed to create chart';

export interface PageAssets {
  /** Absolute file paths of the JS modules the page loads, static imports included. */
  modules: string[];
  /** Inline <script> bodies (not JSON data blocks). */
  inlineScripts: string[];
  hasIslands: boolean;
  /** Entry points of island hydration: renderer and component modules. */
  islandEntries: string[];
  /** The framework side of hydration: renderer (and before-hydration) modules. */
  rendererEntries: string[];
}

export function gzipSize(content: string | Buffer): number {
  return gzipSync(content).length;
}

const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{][^'"`;()]*?\s*from\s*)?["']([^"'\s]+)["']/g;

/** The specifiers a JS module imports statically (`import x from`, `import "x"`, `export * from`); not `import()`. */
export function findStaticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(STATIC_IMPORT)) found.add(match[1] as string);
  return [...found];
}

/**
 * Maps a URL found in HTML or an import specifier to a file in dist. `base` is the URL prefix the
 * dist folder is served under ('/' for the site, '/admin/' for the CRM). External URLs map to null.
 */
export function resolveAssetUrl(distDir: string, base: string, url: string, fromFile?: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  const clean = url.split(/[?#]/)[0] as string;
  if (clean.startsWith('/')) {
    if (!clean.startsWith(base)) return null;
    return path.join(distDir, clean.slice(base.length));
  }
  if (clean.startsWith('.') && fromFile) return path.resolve(path.dirname(fromFile), clean);
  return null; // bare specifiers cannot occur in a bundled output
}

/** The module and its static-import closure, each file once. Missing files throw: a broken build is a breach. */
export function collectModuleGraph(entries: readonly string[], distDir: string, base: string): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is referenced but missing`);
    seen.add(file);
    for (const specifier of findStaticImports(readFileSync(file, 'utf8'))) {
      const target = resolveAssetUrl(distDir, base, specifier, file);
      if (target && !seen.has(target)) stack.push(target);
    }
  }
  return [...seen].sort();
}

function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Everything one HTML page loads as JavaScript, read from its markup. */
export function findPageAssets(htmlFile: string, distDir: string, base: string): PageAssets {
  const html = readFileSync(htmlFile, 'utf8');
  const entries: string[] = [];
  const inlineScripts: string[] = [];
  const islandEntries: string[] = [];
  const rendererEntries: string[] = [];
  const add = (url: string | undefined, list: string[] = entries) => {
    const file = url ? resolveAssetUrl(distDir, base, url.replaceAll('&amp;', '&')) : null;
    if (file) list.push(file);
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] as string;
    const type = attributeOf(attributes, 'type');
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // JSON-LD etc.
    const src = attributeOf(attributes, 'src');
    if (src) add(src);
    else if ((match[2] as string).trim() !== '') inlineScripts.push(match[2] as string);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attributeOf(match[0], 'rel');
    if (rel && /\bmodulepreload\b/i.test(rel)) add(attributeOf(match[0], 'href'));
  }
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/gi)];
  for (const island of islands) {
    add(attributeOf(island[0], 'component-url'), islandEntries);
    for (const name of ['renderer-url', 'before-hydration-url']) add(attributeOf(island[0], name), rendererEntries);
  }
  const modules = collectModuleGraph([...entries, ...islandEntries, ...rendererEntries], distDir, base);
  return { modules, inlineScripts, hasIslands: islands.length > 0, islandEntries, rendererEntries };
}

/** The stylesheets an HTML page links (`<link rel="stylesheet">`), as files in dist. */
export function findStylesheets(htmlFile: string, distDir: string, base: string): string[] {
  const html = readFileSync(htmlFile, 'utf8');
  const files: string[] = [];
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attributeOf(match[0], 'rel');
    const href = attributeOf(match[0], 'href');
    const file = rel && /\bstylesheet\b/i.test(rel) && href ? resolveAssetUrl(distDir, base, href) : null;
    if (file) files.push(file);
  }
  return files;
}

export function totalGzip(assets: PageAssets): number {
  return (
    assets.modules.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0) +
    assets.inlineScripts.reduce((sum, code) => sum + gzipSize(code), 0)
  );
}

/** A module is framework code when it is (imported by) an island renderer, or carries React itself. */
export function isFrameworkCode(code: string): boolean {
  return /react\.production|react-dom\.production|__SECRET_INTERNALS|__CLIENT_INTERNALS_DO_NOT_USE|astro-island/.test(
    code,
  );
}

export function listFiles(dir: string, extension: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, extension));
    else if (entry.endsWith(extension)) out.push(full);
  }
  return out.sort();
}

export interface BudgetRow {
  check: string;
  measured: string;
  budget: string;
  ok: boolean;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function checkSite(distDir: string): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const pages = listFiles(distDir, '.html').map((file) => ({
    file,
    route: `/${path
      .relative(distDir, file)
      .replace(/(^|\/)index\.html$/, '')
      .replace(/\.html$/, '')}`,
  }));
  const assetsByPage = new Map(pages.map((page) => [page.route, findPageAssets(page.file, distDir, '/')]));
  const rendererModules = new Set(
    [...assetsByPage.values()].flatMap((assets) => collectModuleGraph(assets.rendererEntries, distDir, '/')),
  );
  for (const page of pages) {
    const assets = assetsByPage.get(page.route) as PageAssets;
    if (assets.hasIslands) continue;
    const framework = [
      ...assets.modules.filter((file) => rendererModules.has(file) || isFrameworkCode(readFileSync(file, 'utf8'))),
      ...assets.inlineScripts.filter(isFrameworkCode).map(() => '(inline script)'),
    ];
    rows.push({
      check: `site ${page.route}: no framework JS (no islands)`,
      measured:
        framework.length === 0
          ? `${kb(totalGzip(assets))} JS, none framework`
          : framework.map((f) => path.basename(f)).join(', '),
      budget: '0 framework modules',
      ok: framework.length === 0,
    });
  }
  const quote = assetsByPage.get('/quote');
  if (!quote) {
    rows.push({ check: 'site /quote: JS gzip', measured: 'page missing', budget: kb(QUOTE_PAGE_JS_BUDGET), ok: false });
  } else {
    const size = totalGzip(quote);
    rows.push({
      check: 'site /quote: JS gzip',
      measured: kb(size),
      budget: kb(QUOTE_PAGE_JS_BUDGET),
      ok: size <= QUOTE_PAGE_JS_BUDGET,
    });
  }
  return rows;
}

export function checkCrm(distDir: string): BudgetRow[] {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    return [
      {
        check: 'crm /admin: first load JS + CSS gzip',
        measured: 'index.html missing',
        budget: kb(CRM_FIRST_LOAD_BUDGET),
        ok: false,
      },
    ];
  }
  const firstLoad = findPageAssets(index, distDir, '/admin/');
  // antd's styles are a stylesheet made at build time (packages/crm/build/antd-static-styles.ts), no
  // longer generated by JS: the first load counts both.
  const stylesheets = findStylesheets(index, distDir, '/admin/');
  const cssSize = stylesheets.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
  const size = totalGzip(firstLoad) + cssSize;
  const allChunks = listFiles(distDir, '.js');
  const lazy = allChunks.filter((file) => !firstLoad.modules.includes(file));
  const lazyBytes = lazy.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
  return [
    {
      check: 'crm /admin: first load JS + CSS gzip',
      measured: `${kb(size)} in ${firstLoad.modules.length} modules and ${stylesheets.length} stylesheets (CSS ${kb(cssSize)})`,
      budget: kb(CRM_FIRST_LOAD_BUDGET),
      ok: size <= CRM_FIRST_LOAD_BUDGET,
    },
    {
      check: 'crm: sections in lazily loaded chunks',
      measured: `${lazy.length} lazy chunks, ${kb(lazyBytes)}`,
      budget: '>= 1 chunk outside the first load',
      ok: lazy.length > 0,
    },
    checkChartsLazy(allChunks, firstLoad.modules),
  ];
}

/** The chart library must exist in the build (so the check is about something) and be outside the first load. */
function checkChartsLazy(allChunks: string[], firstLoad: string[]): BudgetRow {
  const chartChunks = allChunks.filter((file) => readFileSync(file, 'utf8').includes(CHART_LIBRARY_MARKER));
  const eager = chartChunks.filter((file) => firstLoad.includes(file));
  const bytes = chartChunks.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
  return {
    check: 'crm: chart library outside the first load',
    measured:
      chartChunks.length === 0
        ? 'no chunk carries the chart library'
        : `${kb(bytes)} in ${chartChunks.length} chunk(s), ${eager.length} in the first load`,
    budget: '>= 1 lazy chunk, 0 in the first load',
    ok: chartChunks.length > 0 && eager.length === 0,
  };
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const siteDist = path.join(root, 'site/dist');
  const crmDist = path.join(root, 'packages/crm/dist');
  const missing = [siteDist, crmDist].filter((dir) => !existsSync(dir));
  if (missing.length > 0) {
    console.error(
      `budgets: ${missing.map((dir) => path.relative(root, dir)).join(' and ')} missing; run \`pnpm build\` first.`,
    );
    process.exit(1);
  }
  let rows: BudgetRow[];
  try {
    rows = [...checkSite(siteDist), ...checkCrm(crmDist)];
  } catch (error) {
    console.error(`budgets: ${(error as Error).message}`);
    process.exit(1);
  }
  console.table(rows.map((row) => ({ ...row, ok: row.ok ? 'ok' : 'OVER BUDGET' })));
  const breaches = rows.filter((row) => !row.ok);
  if (breaches.length > 0) {
    console.error(`budgets: ${breaches.length} breach(es): ${breaches.map((row) => row.check).join('; ')}`);
    process.exit(1);
  }
  console.log(`budgets: all ${rows.length} checks within budget`);
}

if (import.meta.main) main();
