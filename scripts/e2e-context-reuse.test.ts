// The e2e suite runs every spec of a worker in one browser context, reset between specs
// (tests/playwright.config.ts, `reuseContext`). Playwright's reset leaves a few things as the last spec
// set them: granted permissions, geolocation, offline mode and extra HTTP headers. No spec may change
// them, or the next spec of its worker would start with them; a spec that needs one gets a context of
// its own (`browser.newContext()`, closed by the spec).
//
//   pnpm exec node --test scripts/e2e-context-reuse.test.ts
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findLines } from './source-files.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Calls whose effect outlives a spec in a reused context. */
const KEPT_ACROSS_SPECS =
  /\b(?:page\.context\(\)|context)\.(grantPermissions|setGeolocation|setOffline|setExtraHTTPHeaders)\(/;

describe('e2e specs and the reused browser context', () => {
  it('no spec changes what the reset between specs keeps', () => {
    const found = findLines(repoRoot, KEPT_ACROSS_SPECS, (file) => file.startsWith('tests/')).map(
      (each) => `${each.file}:${each.line}: ${each.text}`,
    );
    assert.deepEqual(found, [], 'use a context of its own (browser.newContext()) for these');
  });

  it('recognises each kept call, on the shared context and on the page’s', () => {
    for (const call of ['grantPermissions', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders']) {
      assert.match(`await context.${call}(x);`, KEPT_ACROSS_SPECS);
      assert.match(`await page.context().${call}(x);`, KEPT_ACROSS_SPECS);
    }
    assert.doesNotMatch('await ownContext.setOffline(true);', KEPT_ACROSS_SPECS);
    assert.doesNotMatch('await page.setExtraHTTPHeaders({});', KEPT_ACROSS_SPECS);
  });
});
