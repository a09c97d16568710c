// `pnpm lint`'s check that the functions the docs name exist in the code: a planted doc citing a
// function nobody defined is refused with its doc and line; every accepted way of defining or
// importing a name passes; fields, SQL and fenced blocks are left alone. Files are planted in a
// temporary folder, never in the repository.
//
//   pnpm exec node --test scripts/lint-docs.test.ts
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findCitations, findMissingFunctions, isInCode } from './lint-docs.ts';
import { usePlantedTree } from './planted-tree.ts';

const script = path.join(import.meta.dirname, 'lint-docs.ts');

describe('lint-docs', () => {
  const { root, plant, lint } = usePlantedTree(script, 'shine-lint-docs-');

  it('counts calls and verb-first names as functions; fields, SQL and fenced blocks not', () => {
    const markdown = [
      "Activities call `recordLeadContact` of leads; `requireRole('admin')` guards; `createApp()` builds.",
      'Fields: `nextFollowUpAt`, `firstName`; SQL: `count(*)`, `lower(email)`; dotted: `req.session.regenerate()`.',
      '```',
      'src/app.ts   `buildNothing()` in a fenced block',
      '```',
    ].join('\n');
    assert.deepEqual(
      findCitations('api/README.md', markdown).map((each) => `${each.name}@${each.line}`),
      ['recordLeadContact@1', 'requireRole@1', 'createApp@1'],
    );
  });

  it('finds a name defined or imported in any of the accepted ways', () => {
    const source = [
      'export async function recordAudit(db) {}',
      'export const findLead = (db, id) => db;',
      'class Hub {',
      '  publishLiveEvent(event: LiveEvent): void {',
      '  }',
      '}',
      'const bridge = { setServerUrl: (url: string) => url };',
      "import { createCache, extractStyle } from '@ant-design/cssinjs';",
      '  respectQuietHours: z.boolean(),',
    ].join('\n');
    for (const name of [
      'recordAudit',
      'findLead',
      'publishLiveEvent',
      'setServerUrl',
      'createCache',
      'respectQuietHours',
    ]) {
      assert.ok(isInCode(name, source), name);
    }
    assert.ok(!isInCode('recordLeadContact', `${source}\nrecordLeadContact(db, id);\n// recordLeadContact`));
  });

  it('refuses a doc that cites a function the code does not have, with doc and line', () => {
    plant({
      'README.md': '# Shine\n\nSee `createApp(deps)`.\n',
      'api/README.md': '# API\n\nActivities call `recordLeadContact` of leads.\n',
      'docs/decisions.md': 'Roles are checked by `requireRole`.\n',
      'api/src/app.ts': 'export function createApp(deps) {\n  return deps;\n}\n',
      'api/src/http/auth-guard.ts': 'export const requireRole = (role) => role;\n',
      'api/node_modules/x/index.js': 'export function recordLeadContact() {}\n',
    });
    assert.deepEqual(findMissingFunctions(root()), [{ name: 'recordLeadContact', doc: 'api/README.md', line: 3 }]);
    const result = lint();
    assert.equal(result.status, 1, result.output);
    assert.match(result.output, /api\/README\.md:3: `recordLeadContact` is not in the code/);

    plant({ 'api/src/leads/lead-contact.ts': 'export function recordLeadContact(db) {}\n' });
    const fixed = lint();
    assert.equal(fixed.status, 0, fixed.output);
  });
});
