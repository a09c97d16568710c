// `pnpm lint`'s check for issue numbers in the code refuses a planted one, with its file and line, in
// a comment or a string; leaves words that only look alike; and skips dependencies and build output.
// Files are planted in a temporary folder, never in the repository.
//
//   pnpm exec node --test scripts/lint-comments.test.ts
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findIssueReferences } from './lint-comments.ts';
import { usePlantedTree } from './planted-tree.ts';

const script = path.join(import.meta.dirname, 'lint-comments.ts');
// Spelled in two parts so that this file does not hold what it plants.
const cite = (number: string) => `${'Iss'}ue ${number}`;

describe('lint-comments', () => {
  const { root, plant, remove, lint } = usePlantedTree(script, 'shine-lint-comments-');

  it('passes a tree whose comments give reasons', () => {
    plant({
      'api/src/clean.ts':
        '// Held, never dropped (docs/requirements.md#held-submissions).\nexport const issues = [];\n',
      'api/node_modules/dep/index.js': `// ${cite('3')}: a dependency's own comment\n`,
      'site/dist/page.js': `// ${cite('4')}\n`,
      'packages/crm/src/zod.ts':
        "// Every zod issue's message is shown; issues[0] first.\nexport const first = 'issue';\n",
    });
    const result = lint();
    assert.equal(result.status, 0, result.output);
  });

  it('refuses a comment that cites an issue number, naming file and line', () => {
    plant({ 'api/src/cited.ts': `export const a = 1;\n// ${cite('9')}: generated bad input.\n` });
    const result = lint();
    assert.equal(result.status, 1, result.output);
    assert.match(result.output, /api\/src\/cited\.ts:2: cites an issue number/);
    remove('api/src/cited.ts');
  });

  it('refuses strings, "#" numbers and every source kind under every code folder', () => {
    plant({
      'tests/crm/title.spec.ts': `it('works (${cite('13').toLowerCase()})', () => {});\n`,
      'packages/crm/src/Hint.tsx': `/** See ${cite('#12')}. */\nexport const x = 1;\n`,
      'site/src/pages/a.astro': `---\n// (${cite('7')})\n---\n`,
      'scripts/tool.mjs': `/* since ${cite('5')} */\n`,
      'bench/load.js': `const why = "${cite('8')}";\n`,
      'packages/crm/src/styles.css': `.a {\n  gap: 1px;\n}\n/* (${cite('6')}) */\n`,
    });
    const found = findIssueReferences(root()).map((each) => `${each.file}:${each.line}`);
    assert.deepEqual(found, [
      'bench/load.js:1',
      'packages/crm/src/Hint.tsx:1',
      'packages/crm/src/styles.css:4',
      'scripts/tool.mjs:1',
      'site/src/pages/a.astro:2',
      'tests/crm/title.spec.ts:1',
    ]);
    assert.equal(lint().status, 1);
  });
});
