// The repository's own source files, for the checks of `pnpm lint` that read text (lint-comments.ts,
// lint-docs.ts): every .ts, .tsx, .astro, .js, .mjs, .cjs and .css file under the code folders, without
// dependencies, build output and test reports (the folders .gitignore names).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_FOLDERS = ['api', 'packages', 'site', 'desktop', 'scripts', 'bench', 'tests'];
const SOURCE_FILE = /\.(?:ts|tsx|astro|js|mjs|cjs|css)$/;
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'out',
  '.data',
  '.astro',
  'test-results',
  'playwright-report',
  'coverage',
  'backups',
]);

function walk(root: string, folder: string, files: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  } catch {
    return; // a folder this checkout does not have
  }
  for (const entry of entries) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(root, relative, files);
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
      files.push(relative);
    }
  }
}

/** Paths relative to `root`, with forward slashes, sorted. */
export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const folder of SOURCE_FOLDERS) walk(root, folder, files);
  return files.sort();
}

/** A line of a source file that a check matched. */
export interface MatchedLine {
  file: string;
  line: number;
  text: string;
}

/** Every line of the source files under `root` (optionally only those `include` keeps) that `pattern` matches. */
export function findLines(
  root: string,
  pattern: RegExp,
  include: (file: string) => boolean = () => true,
): MatchedLine[] {
  const found: MatchedLine[] = [];
  for (const file of listSourceFiles(root).filter(include)) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (pattern.test(text)) found.push({ file, line: index + 1, text: text.trim() });
      });
  }
  return found;
}

/** The tree a check reads: `--root <folder>` (its tests plant one), else this repository. */
export function rootArgument(argv: readonly string[] = process.argv): string {
  const flag = argv.indexOf('--root');
  return flag >= 0 ? path.resolve(argv[flag + 1] ?? '.') : path.resolve(import.meta.dirname, '..');
}
