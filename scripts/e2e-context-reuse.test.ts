// The e2e suite runs every spec of a worker in one browser context, reset between specs
// (tests/playwright.config.ts, `reuseContext`). Playwright's reset leaves a few things as the last spec
// set them: granted permissions, geolocation, offline mode and extra HTTP headers. No spec may change
// them, or the next spec of its worker would start with them; a spec that needs one gets a context of
// its own (`browser.newContext()`, closed by the spec). And every spec takes `test` from
// tests/support/test.ts, whose context waits, when a spec ends, for the answers to what it left in
// flight: one arriving after the reset would set the session cookie again.
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

/** An import of Playwright's own `test` or `expect` (types alone are fine). */
const PLAYWRIGHTS_OWN_TEST = /import \{[^}]*\b(?<!type )(?:test|expect)\b[^}]*\} from '@playwright\/test'/;

/** The e2e suite's spec and setup files. */
const SPEC = /^tests\/.*\.(?:spec|setup)\.ts$/;

describe('e2e specs and the reused browser context', () => {
  it('no spec changes what the reset between specs keeps', () => {
    const found = findLines(repoRoot, KEPT_ACROSS_SPECS, (file) => file.startsWith('tests/')).map(
      (each) => `${each.file}:${each.line}: ${each.text}`,
    );
    assert.deepEqual(found, [], 'use a context of its own (browser.newContext()) for these');
  });

  it('every spec takes test and expect from tests/support/test.ts', () => {
    const found = findLines(repoRoot, PLAYWRIGHTS_OWN_TEST, (file) => SPEC.test(file)).map(
      (each) => `${each.file}:${each.line}: ${each.text}`,
    );
    assert.deepEqual(found, [], "import { expect, test } from '../support/test.ts' instead");
  });

  it('recognises an import of test or expect from @playwright/test', () => {
    assert.match("import { expect, type Page, test } from '@playwright/test';", PLAYWRIGHTS_OWN_TEST);
    assert.match("import { test as setup } from '@playwright/test';", PLAYWRIGHTS_OWN_TEST);
    assert.doesNotMatch("import { type Locator, type Page } from '@playwright/test';", PLAYWRIGHTS_OWN_TEST);
    assert.doesNotMatch("import { expect, test } from '../support/test.ts';", PLAYWRIGHTS_OWN_TEST);
    assert.doesNotMatch("import { type TestInfo } from '@playwright/test';", PLAYWRIGHTS_OWN_TEST);
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
