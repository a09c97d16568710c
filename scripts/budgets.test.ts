// Run with `node --test scripts/budgets.test.ts`: the import-graph walk and gzip sums on a tiny dist.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { CHART_LIBRARY_MARKER, checkCrm, checkSite, findPageAssets, findStaticImports, gzipSize } from './budgets.ts';

const root = mkdtempSync(path.join(tmpdir(), 'budgets-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, content: string): string {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

test('static imports are followed, dynamic imports are not', () => {
  const code =
    'import{a as b}from"./a.js";import"./b.js";export*from"./c.js";import * as d from \'./d.js\';const e=()=>import("./lazy.js");x.import("./no.js")';
  assert.deepEqual(findStaticImports(code).sort(), ['./a.js', './b.js', './c.js', './d.js']);
});

test('site: island pages load renderer + component closure; plain pages must not load framework code', () => {
  write('site/_astro/client.js', 'import{r}from"./react.js";export default r;');
  write('site/_astro/react.js', 'var x="react-dom.production";export const r=x;');
  write('site/_astro/Quote.js', 'import{r}from"./react.js";import"./shared.js";export const Q=r;');
  write('site/_astro/shared.js', 'export const s=1;');
  write('site/_astro/nav.js', 'import"./shared.js";document.body;');
  const quote = write(
    'site/quote/index.html',
    '<astro-island component-url="/_astro/Quote.js" renderer-url="/_astro/client.js"></astro-island><script>customElements.define("astro-island",1)</script><script type="application/ld+json">{}</script>',
  );
  write('site/index.html', '<script type="module" src="/_astro/nav.js"></script>');
  const assets = findPageAssets(quote, path.join(root, 'site'), '/');
  assert.equal(assets.hasIslands, true);
  assert.deepEqual(
    assets.modules.map((file) => path.basename(file)),
    ['Quote.js', 'client.js', 'react.js', 'shared.js'],
  );
  assert.equal(assets.inlineScripts.length, 1);
  const rows = checkSite(path.join(root, 'site'));
  assert.equal(rows.find((row) => row.check.includes('site /:'))?.ok, true);
  const quoteRow = rows.find((row) => row.check.includes('/quote'));
  const expected = ['Quote.js', 'client.js', 'react.js', 'shared.js']
    .map((name) => gzipSize(Buffer.from(readFixture(`site/_astro/${name}`))))
    .reduce((a, b) => a + b, gzipSize('customElements.define("astro-island",1)'));
  assert.equal(quoteRow?.measured, `${(expected / 1024).toFixed(1)} KB`);

  write('site/about/index.html', '<script type="module" src="/_astro/react.js"></script>');
  assert.equal(checkSite(path.join(root, 'site')).find((row) => row.check.includes('/about'))?.ok, false);
});

test('crm: first load = entry + static imports + modulepreloads, the rest is lazy', () => {
  write('crm/assets/index.js', 'import"./vendor.js";const l=()=>import("./leads.js");');
  write('crm/assets/vendor.js', 'export const v=1;');
  write('crm/assets/preloaded.js', 'export const p=1;');
  write('crm/assets/leads.js', 'export const l=1;const c=()=>import("./chart.js");');
  write('crm/assets/chart.js', `console.error("${CHART_LIBRARY_MARKER}");`);
  write(
    'crm/index.html',
    '<script type="module" crossorigin src="/admin/assets/index.js"></script><link rel="modulepreload" crossorigin href="/admin/assets/preloaded.js"><link rel="stylesheet" crossorigin href="/admin/assets/index.css">',
  );
  write('crm/assets/index.css', '.ant-btn{color:red}');
  const [firstLoad, lazy, charts] = checkCrm(path.join(root, 'crm'));
  assert.match(firstLoad?.measured ?? '', /in 3 modules and 1 stylesheets/);
  const expected = ['index.js', 'vendor.js', 'preloaded.js', 'index.css']
    .map((name) => gzipSize(Buffer.from(readFixture(`crm/assets/${name}`))))
    .reduce((a, b) => a + b, 0);
  assert.match(firstLoad?.measured ?? '', new RegExp(`^${(expected / 1024).toFixed(1)} KB `));
  assert.equal(firstLoad?.ok, true);
  assert.match(lazy?.measured ?? '', /^2 lazy chunks/);
  assert.equal(lazy?.ok, true);
  assert.match(charts?.measured ?? '', /in 1 chunk\(s\), 0 in the first load$/);
  assert.equal(charts?.ok, true);
});

test('crm: the chart library in the first load, or missing, is a breach', () => {
  write('crm-eager/assets/index.js', 'import"./chart.js";');
  write('crm-eager/assets/chart.js', `console.error("${CHART_LIBRARY_MARKER}");`);
  write('crm-eager/assets/lazy.js', 'export const l=1;');
  write('crm-eager/index.html', '<script type="module" src="/admin/assets/index.js"></script>');
  const eager = checkCrm(path.join(root, 'crm-eager')).find((row) => row.check.includes('chart library'));
  assert.match(eager?.measured ?? '', /1 in the first load$/);
  assert.equal(eager?.ok, false);

  write('crm-none/assets/index.js', 'const l=()=>import("./lazy.js");');
  write('crm-none/assets/lazy.js', 'export const l=1;');
  write('crm-none/index.html', '<script type="module" src="/admin/assets/index.js"></script>');
  const none = checkCrm(path.join(root, 'crm-none')).find((row) => row.check.includes('chart library'));
  assert.equal(none?.measured, 'no chunk carries the chart library');
  assert.equal(none?.ok, false);
});

function readFixture(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}
