// The page a failed e2e spec left, as the run's summary shows it: read from the error context
// Playwright writes, without the sidebars and menus that are the same on every CRM screen.
//
//   pnpm exec node --test scripts/page-snapshot.test.ts
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pageSnapshot, withoutNavigation } from './page-snapshot.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'shine-page-snapshot-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** An error context as Playwright 1.65 writes it: the error in one block, the page in a YAML one. */
function errorContext(tree: string): string {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.md`);
  const text = [
    '# Test info',
    '',
    '- Name: crm/phone.spec.ts >> the sign-in screen',
    '',
    '# Error details',
    '',
    '```',
    'Error: expect(locator).toBeVisible() failed',
    '```',
    '',
    '```yaml',
    tree,
    '```',
    '',
    '# Test source',
    '',
    '```ts',
    "  1 | import { expect, test } from '../support/test.ts';",
    '```',
  ].join('\n');
  writeFileSync(file, text);
  return file;
}

describe('pageSnapshot', () => {
  it('reads the page from the YAML block, not the error or the source', () => {
    const file = errorContext('- main:\n  - heading "CRM Dashboard" [level=1]');
    assert.equal(pageSnapshot(file), '- main:\n  - heading "CRM Dashboard" [level=1]');
  });

  it('is undefined without an error context or without a page in it', () => {
    assert.equal(pageSnapshot(undefined), undefined);
    assert.equal(pageSnapshot(path.join(folder, 'missing.md')), undefined);
    const file = path.join(folder, 'no-page.md');
    writeFileSync(file, '# Error details\n\n```\nError: browser closed\n```\n');
    assert.equal(pageSnapshot(file), undefined);
  });
});

describe('withoutNavigation', () => {
  it('leaves out the sidebar and menus with everything inside them, and keeps what follows', () => {
    const tree = [
      '- link "Skip to content"',
      '- complementary:',
      '  - navigation "CRM sections":',
      '    - menuitem "Leads"',
      '- banner:',
      '  - heading "Leads" [level=1]',
      '  - navigation "Breadcrumb":',
      '    - link "Home"',
      '  - status: Live',
      '- main:',
      '  - text: 165 total',
    ].join('\n');
    assert.equal(
      withoutNavigation(tree),
      [
        '- link "Skip to content"',
        '- complementary (left out)',
        '- banner:',
        '  - heading "Leads" [level=1]',
        '  - navigation "Breadcrumb" (left out)',
        '  - status: Live',
        '- main:',
        '  - text: 165 total',
      ].join('\n'),
    );
  });

  it('keeps a page without navigation as it is', () => {
    const tree = '- main:\n  - heading "Admin Login" [level=1]\n  - textbox "Email"';
    assert.equal(withoutNavigation(tree), tree);
  });
});
