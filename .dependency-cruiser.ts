// The import rules of the repository, checked by `pnpm lint` (docs/architecture.md#import-rules).
// Every rule's name is the first word of its message, so a failing lint says which rule was broken.
import { readFileSync } from 'node:fs';
import type { IConfiguration } from 'dependency-cruiser';

/** Tests and their helpers. */
export const TESTS = ['^tests/', '(^|/)test/', '\\.test\\.tsx?$', '\\.spec\\.tsx?$'];

/** Repository scripts, benchmarks and build configuration. */
const TOOLING = ['^scripts/', '^bench/', '(^|/)(vite|vitest|playwright|electron\\.vite|astro)\\.config\\.ts$'];

/** Tests and tooling may import anything; the product never imports them. */
const TESTS_AND_TOOLING = [...TESTS, ...TOOLING];

/** Installed packages, build output and data: never cruised. */
export const NOT_SOURCE = '(^|/)(node_modules|dist|out|\\.astro|\\.data|results)/';

/** API folders that are plumbing, not features: any other folder of api/src is a feature. */
const API_INFRASTRUCTURE = ['db', 'http', 'cli'];

/**
 * CRM folders that are shared plumbing and UI, importable file by file: any other folder of
 * packages/crm/src is a feature, seen from outside only through its index.ts.
 */
const CRM_SHARED = ['api', 'format', 'layout', 'platform', 'session', 'test', 'ui'];
/** A file of a CRM feature folder; $1 in a `from` is the importing file's own folder (or root file). */
const CRM_FEATURE_FILE = `^packages/crm/src/(?!(?:${CRM_SHARED.join('|')})/)[^/]+/`;

const OTHER_PACKAGES = {
  api: '^api/',
  crm: '^packages/crm/',
  desktop: '^desktop/',
  shared: '^packages/shared/',
  site: '^site/',
  tooling: '^(tests|scripts|bench)/',
};

/**
 * The files a package's `exports` map makes public, as path patterns: another package may import
 * these and nothing else. Read from package.json, so narrowing a map narrows the rule.
 */
function publicFilesOf(packageDir: string): string[] {
  const manifest = JSON.parse(readFileSync(`${packageDir}/package.json`, 'utf8')) as {
    exports?: string | Record<string, string>;
  };
  const targets = typeof manifest.exports === 'string' ? [manifest.exports] : Object.values(manifest.exports ?? {});
  return targets.map((target) => {
    const relative = target.replace(/^\.\//, '');
    const escaped = relative.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
    return `^${packageDir}/${escaped}$`;
  });
}

function packageRule(name: string, from: string, forbidden: string[], comment: string) {
  return {
    name,
    comment: `${name}: ${comment}`,
    severity: 'error' as const,
    from: { path: from, pathNot: TESTS_AND_TOOLING },
    to: { path: forbidden },
  };
}

const config: IConfiguration = {
  forbidden: [
    packageRule(
      'shared-imports-nothing-of-ours',
      OTHER_PACKAGES.shared,
      [OTHER_PACKAGES.api, OTHER_PACKAGES.crm, OTHER_PACKAGES.desktop, OTHER_PACKAGES.site, OTHER_PACKAGES.tooling],
      'packages/shared is the domain every other package builds on; it imports no package of ours.',
    ),
    packageRule(
      'site-imports-only-shared',
      OTHER_PACKAGES.site,
      [OTHER_PACKAGES.api, OTHER_PACKAGES.crm, OTHER_PACKAGES.desktop, OTHER_PACKAGES.tooling],
      'the site is built alone and may be deployed alone; of our packages it imports only shared.',
    ),
    packageRule(
      'crm-imports-only-shared',
      OTHER_PACKAGES.crm,
      [OTHER_PACKAGES.api, OTHER_PACKAGES.desktop, OTHER_PACKAGES.site, OTHER_PACKAGES.tooling],
      'the CRM talks to the API over HTTP only; of our packages it imports only shared.',
    ),
    packageRule(
      'api-imports-only-shared',
      OTHER_PACKAGES.api,
      [OTHER_PACKAGES.crm, OTHER_PACKAGES.desktop, OTHER_PACKAGES.site, OTHER_PACKAGES.tooling],
      'the API serves the built site and CRM, never their source; of our packages it imports only shared (and design-tokens for the customer quote page).',
    ),
    packageRule(
      'desktop-imports-crm-entry-and-shared',
      OTHER_PACKAGES.desktop,
      [OTHER_PACKAGES.api, OTHER_PACKAGES.site, OTHER_PACKAGES.tooling],
      'the desktop app is a shell around the CRM; it imports the CRM entry and shared, never the API or the site.',
    ),
    {
      name: 'desktop-imports-only-crm-entry',
      comment:
        'desktop-imports-only-crm-entry: the desktop app mounts the CRM through the entry its exports map names, nothing inside it.',
      severity: 'error',
      from: { path: OTHER_PACKAGES.desktop, pathNot: TESTS_AND_TOOLING },
      to: { path: OTHER_PACKAGES.crm, pathNot: publicFilesOf('packages/crm') },
    },
    {
      name: 'desktop-processes-share-only-common',
      comment:
        'desktop-processes-share-only-common: main, preload and renderer run in different processes; what they share lives in desktop/src/common.',
      severity: 'error',
      from: { path: '^desktop/src/(main|preload|renderer)/', pathNot: TESTS_AND_TOOLING },
      to: { path: '^desktop/src/(main|preload|renderer)/', pathNot: '^desktop/src/$1/' },
    },
    {
      name: 'package-imports-only-exports',
      comment:
        "package-imports-only-exports: another package's files are imported only through its exports map (its public entry points).",
      severity: 'error',
      from: { path: '^(api|site|desktop|packages/crm)/', pathNot: TESTS_AND_TOOLING },
      to: { path: '^packages/shared/', pathNot: publicFilesOf('packages/shared') },
    },
    {
      name: 'feature-imports-other-feature-only-through-its-index',
      comment:
        'feature-imports-other-feature-only-through-its-index: an API feature shows one face, its index.ts, naming what others may use; another feature imports that, never a file inside (its services, queries, mappers or routes; docs/architecture.md#one-face-per-feature).',
      severity: 'error',
      from: { path: `^api/src/(?!(?:${API_INFRASTRUCTURE.join('|')})/)([^/]+)/`, pathNot: TESTS_AND_TOOLING },
      to: {
        path: `^api/src/(?!(?:${API_INFRASTRUCTURE.join('|')})/)[^/]+/`,
        pathNot: ['^api/src/$1/', '^api/src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'routes-call-services-not-queries',
      comment:
        'routes-call-services-not-queries: inside an API feature a request goes routes → service → queries; a routes file calls its feature\'s service, never a queries file (docs/architecture.md, "Inside a feature").',
      severity: 'error',
      from: { path: '^api/src/.+\\.routes\\.ts$', pathNot: TESTS_AND_TOOLING },
      to: { path: '\\.queries\\.ts$' },
    },
    {
      name: 'crm-feature-imports-other-feature-only-through-its-index',
      comment:
        "crm-feature-imports-other-feature-only-through-its-index: a CRM feature shows one face, its index.ts; another feature (or the app's root) imports that, never a file inside (docs/architecture.md#crm-features).",
      severity: 'error',
      from: { path: '^packages/crm/src/([^/]+)', pathNot: TESTS_AND_TOOLING },
      to: {
        path: CRM_FEATURE_FILE,
        pathNot: ['^packages/crm/src/$1/', '^packages/crm/src/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'crm-lazy-imports-only-pages-and-sections',
      comment:
        "crm-lazy-imports-only-pages-and-sections: import() of another CRM feature's file loads its page or section as a chunk of its own (*Page.tsx, *Section.tsx), which its index.ts must not re-export (docs/architecture.md#crm-features).",
      severity: 'error',
      from: { path: '^packages/crm/src/([^/]+)', pathNot: TESTS_AND_TOOLING },
      to: {
        path: CRM_FEATURE_FILE,
        pathNot: ['^packages/crm/src/$1/', '(Page|Section)\\.tsx$'],
        dependencyTypes: ['dynamic-import'],
      },
    },
    {
      name: 'crm-feature-index-exports-no-lazy-chunk',
      comment:
        "crm-feature-index-exports-no-lazy-chunk: a CRM feature's index.ts never re-exports a section (*Section.tsx, each a lazy chunk of crm/section-chunks.ts): whoever imports the index would take the chunk into its own (docs/architecture.md#crm-features).",
      severity: 'error',
      from: { path: '^packages/crm/src/[^/]+/index\\.ts$' },
      to: { path: '^packages/crm/src/[^/]+/[^/]*Section\\.tsx$' },
    },
    {
      name: 'no-cycles',
      comment:
        'no-cycles: a module must not depend on itself through others; break the cycle by moving what both need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-imports',
      comment:
        'no-unresolvable-imports: an import that does not resolve (a typo, or a file outside a package exports map). A Vite virtual module (virtual:…) is served by a plugin of the build.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: NOT_SOURCE },
    // Type-only imports are dependencies too: a cycle through types is still two modules that
    // cannot be understood apart.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

export default config;
