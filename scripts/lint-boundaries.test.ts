// The import and environment rules of `pnpm lint` each fail on a planted violation, with a message
// naming the rule. Files are planted in a temporary copy of the lint configuration, never in the
// repository, so the test neither depends on today's violations nor leaves the tree dirty.
// dependency-cruiser runs in this process, through its API, on the configuration files `pnpm lint`
// gives its command line: a process per check spent seconds loading it and TypeScript again.
//
//   pnpm exec node --test scripts/lint-boundaries.test.ts
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cruise as depcruise, type ICruiseOptions } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const repoRoot = path.resolve(import.meta.dirname, '..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

let root = '';
let repoCwd = '';
/** The cruise options of `pnpm lint:imports`'s two passes, read from the copied configurations. */
let passes: ICruiseOptions[] = [];

/** Writes `files` (path → source) under the temporary root. */
function plant(files: Record<string, string>): void {
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
}

interface LintResult {
  status: number | null;
  output: string;
}

function run(command: string, args: string[]): LintResult {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Both passes of `pnpm lint:imports`, on the given files only (and what they import). */
async function cruise(files: string[]): Promise<LintResult> {
  let status = 0;
  const outputs: string[] = [];
  for (const options of passes) {
    const result = await depcruise(files, { ...options, outputType: 'err' });
    status = Math.max(status, result.exitCode);
    outputs.push(String(result.output));
  }
  return { status, output: outputs.join('\n') };
}

function assertViolation(result: LintResult, rule: string, from: string): void {
  assert.notEqual(result.status, 0, `expected the lint to fail on ${rule}:\n${result.output}`);
  assert.match(result.output, new RegExp(`error ${rule}: ${from.replaceAll('.', '\\.')}`), result.output);
}

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'shine-lint-boundaries-'));
  for (const file of [
    '.dependency-cruiser.ts',
    '.dependency-cruiser-folders.ts',
    'packages/crm/package.json',
    'packages/shared/package.json',
  ]) {
    cpSync(path.join(repoRoot, file), path.join(root, file));
  }
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  // The repository's Biome configuration, minus its use of git (the copy is no repository).
  const biomeConfig = JSON.parse(readFileSync(path.join(repoRoot, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete biomeConfig.$schema;
  delete biomeConfig.vcs;
  writeFileSync(path.join(root, 'biome.json'), JSON.stringify(biomeConfig));
  // The configurations read the packages' manifests, and dependency-cruiser takes files, relative to
  // the working directory, as on the command line.
  repoCwd = process.cwd();
  process.chdir(root);
  passes = [
    await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.ts')),
    await extractDepcruiseOptions(path.join(root, '.dependency-cruiser-folders.ts')),
  ];
});

after(() => {
  process.chdir(repoCwd);
  rmSync(root, { recursive: true, force: true });
});

describe('dependency-cruiser rules', () => {
  it('passes imports the rules allow', async () => {
    // The shared file must be one of the entry points shared's exports map lists.
    plant({
      'packages/shared/src/leads.ts': 'export const domain = 1;\n',
      'packages/crm/src/allowed-view.tsx':
        "import { domain } from '../../shared/src/leads.ts';\nexport const view = domain;\n",
      'api/src/ok-a/ok-a.service.ts': 'export const serviceA = 1;\n',
      'api/src/ok-a/index.ts': "export { serviceA } from './ok-a.service.ts';\n",
      'api/src/ok-b/ok-b.routes.ts': "import { serviceA } from '../ok-a/index.ts';\nexport const routeB = serviceA;\n",
    });
    const result = await cruise(['packages/crm/src/allowed-view.tsx', 'api/src/ok-b/ok-b.routes.ts']);
    assert.equal(result.status, 0, result.output);
  });

  it('fails crm → api with crm-imports-only-shared', async () => {
    plant({
      'api/src/planted-target.ts': 'export const secret = 1;\n',
      'packages/crm/src/planted-crm.ts':
        "import { secret } from '../../../api/src/planted-target.ts';\nexport const x = secret;\n",
    });
    assertViolation(
      await cruise(['packages/crm/src/planted-crm.ts']),
      'crm-imports-only-shared',
      'packages/crm/src/planted-crm.ts',
    );
  });

  it('fails shared → crm with shared-imports-nothing-of-ours', async () => {
    plant({
      'packages/crm/src/planted-widget.tsx': 'export const widget = 1;\n',
      'packages/shared/src/planted-shared.ts':
        "import { widget } from '../../crm/src/planted-widget.tsx';\nexport const x = widget;\n",
    });
    assertViolation(
      await cruise(['packages/shared/src/planted-shared.ts']),
      'shared-imports-nothing-of-ours',
      'packages/shared/src/planted-shared.ts',
    );
  });

  it("fails a feature importing another feature's queries, or its service, other than through its index", async () => {
    plant({
      'api/src/planted-owner/planted-owner.queries.ts': 'export const findRow = 1;\n',
      'api/src/planted-owner/planted-owner.service.ts': 'export const serviceRow = 1;\n',
      'api/src/planted-user/planted-user.service.ts':
        "import { findRow } from '../planted-owner/planted-owner.queries.ts';\nexport const x = findRow;\n",
      'api/src/planted-door/planted-door.service.ts':
        "import { serviceRow } from '../planted-owner/planted-owner.service.ts';\nexport const y = serviceRow;\n",
    });
    for (const file of [
      'api/src/planted-user/planted-user.service.ts',
      'api/src/planted-door/planted-door.service.ts',
    ]) {
      assertViolation(await cruise([file]), 'feature-imports-other-feature-only-through-its-index', file);
    }
  });

  it('fails a routes file importing its own queries with routes-call-services-not-queries', async () => {
    plant({
      'api/src/planted-owner/planted-owner.queries.ts': 'export const findRow = 1;\n',
      'api/src/planted-owner/planted-owner.routes.ts':
        "import { findRow } from './planted-owner.queries.ts';\nexport const x = findRow;\n",
    });
    assertViolation(
      await cruise(['api/src/planted-owner/planted-owner.routes.ts']),
      'routes-call-services-not-queries',
      'api/src/planted-owner/planted-owner.routes.ts',
    );
  });

  it('fails desktop importing inside the CRM with desktop-imports-only-crm-entry', async () => {
    plant({
      'packages/crm/src/planted/internal.ts': 'export const internal = 1;\n',
      'desktop/src/renderer/planted-desktop.ts':
        "import { internal } from '../../../packages/crm/src/planted/internal.ts';\nexport const x = internal;\n",
    });
    assertViolation(
      await cruise(['desktop/src/renderer/planted-desktop.ts']),
      'desktop-imports-only-crm-entry',
      'desktop/src/renderer/planted-desktop.ts',
    );
  });

  it('passes a CRM feature importing another through its index, and loading its section lazily', async () => {
    plant({
      'packages/crm/src/planted-shown/PlantedCard.tsx': 'export const PlantedCard = 1;\n',
      'packages/crm/src/planted-shown/PlantedSection.tsx': 'export const PlantedSection = 1;\n',
      'packages/crm/src/planted-shown/index.ts': "export { PlantedCard } from './PlantedCard.tsx';\n",
      'packages/crm/src/planted-viewer/PlantedView.tsx': [
        "import { PlantedCard } from '../planted-shown/index.ts';",
        "export const load = () => import('../planted-shown/PlantedSection.tsx');",
        'export const view = PlantedCard;',
        '',
      ].join('\n'),
    });
    const result = await cruise(['packages/crm/src/planted-viewer/PlantedView.tsx']);
    assert.equal(result.status, 0, result.output);
  });

  it("fails a CRM feature importing another feature's internal file", async () => {
    plant({
      'packages/crm/src/planted-owner/PlantedDrawer.tsx': 'export const PlantedDrawer = 1;\n',
      'packages/crm/src/planted-owner/index.ts': "export { PlantedDrawer } from './PlantedDrawer.tsx';\n",
      'packages/crm/src/planted-user/PlantedList.tsx':
        "import { PlantedDrawer } from '../planted-owner/PlantedDrawer.tsx';\nexport const x = PlantedDrawer;\n",
    });
    assertViolation(
      await cruise(['packages/crm/src/planted-user/PlantedList.tsx']),
      'crm-feature-imports-other-feature-only-through-its-index',
      'packages/crm/src/planted-user/PlantedList.tsx',
    );
  });

  it("fails a CRM shared folder importing a feature's internal file", async () => {
    plant({
      'packages/crm/src/planted-feature/planted-context.ts': 'export const plantedContext = 1;\n',
      'packages/crm/src/layout/PlantedHeader.tsx':
        "import { plantedContext } from '../planted-feature/planted-context.ts';\nexport const x = plantedContext;\n",
    });
    assertViolation(
      await cruise(['packages/crm/src/layout/PlantedHeader.tsx']),
      'crm-feature-imports-other-feature-only-through-its-index',
      'packages/crm/src/layout/PlantedHeader.tsx',
    );
  });

  it("fails a lazy import of another CRM feature's file that is no page or section", async () => {
    plant({
      'packages/crm/src/planted-lazy/planted-helper.ts': 'export const helper = 1;\n',
      'packages/crm/src/planted-loader/planted-chunks.ts':
        "export const load = () => import('../planted-lazy/planted-helper.ts');\n",
    });
    assertViolation(
      await cruise(['packages/crm/src/planted-loader/planted-chunks.ts']),
      'crm-lazy-imports-only-pages-and-sections',
      'packages/crm/src/planted-loader/planted-chunks.ts',
    );
  });

  it("fails a CRM feature's index re-exporting its lazily loaded section", async () => {
    plant({
      'packages/crm/src/planted-eager/PlantedEagerSection.tsx': 'export const PlantedEagerSection = 1;\n',
      'packages/crm/src/planted-eager/index.ts': "export { PlantedEagerSection } from './PlantedEagerSection.tsx';\n",
    });
    assertViolation(
      await cruise(['packages/crm/src/planted-eager/index.ts']),
      'crm-feature-index-exports-no-lazy-chunk',
      'packages/crm/src/planted-eager/index.ts',
    );
  });

  it('fails a module cycle with no-cycles', async () => {
    plant({
      'api/src/planted-cycle/one.ts': "import { two } from './two.ts';\nexport const one = () => two;\n",
      'api/src/planted-cycle/two.ts': "import { one } from './one.ts';\nexport const two = () => one;\n",
    });
    assertViolation(await cruise(['api/src/planted-cycle/one.ts']), 'no-cycles', 'api/src/planted-cycle/one.ts');
  });

  it('fails a folder cycle made of allowed imports with no-folder-cycles', async () => {
    // Each import goes through a service, so only the folders form a cycle, not the modules.
    plant({
      'api/src/planted-left/planted-left.service.ts': 'export const left = 1;\n',
      'api/src/planted-left/uses-right.ts':
        "import { right } from '../planted-right/planted-right.service.ts';\nexport const x = right;\n",
      'api/src/planted-right/planted-right.service.ts': 'export const right = 1;\n',
      'api/src/planted-right/uses-left.ts':
        "import { left } from '../planted-left/planted-left.service.ts';\nexport const y = left;\n",
    });
    const result = await cruise(['api/src/planted-left/uses-right.ts', 'api/src/planted-right/uses-left.ts']);
    assert.doesNotMatch(result.output, /error no-cycles:/, result.output);
    assertViolation(result, 'no-folder-cycles', 'api/src/planted-');
  });
});

describe('Biome noProcessEnv', () => {
  function lint(file: string): LintResult {
    plant({ [file]: 'export const fromEnvironment = process.env.PLANTED_VARIABLE;\n' });
    return run(biome, ['lint', '--max-diagnostics=none', file]);
  }

  it('fails a process.env read outside the config modules, naming the rule', () => {
    const result = lint('api/src/leads/planted-env.ts');
    assert.notEqual(result.status, 0, result.output);
    assert.match(result.output, /api\/src\/leads\/planted-env\.ts.*lint\/style\/noProcessEnv/, result.output);
  });

  it('allows it in a config module', () => {
    const result = lint('api/src/config.ts');
    assert.equal(result.status, 0, result.output);
  });
});
