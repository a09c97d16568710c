// What a failed e2e spec leaves for the run's summary (scripts/test.ts): the page as the spec left it.
import { existsSync, readFileSync } from 'node:fs';

/**
 * The page as the failed spec left it: the accessibility tree Playwright writes into the error context,
 * as its YAML block. A CI log is all a failed run leaves behind, and the error says only what was not
 * found; the page says what was there instead (the dashboard where the sign-in screen was awaited).
 */
export function pageSnapshot(errorContext: string | undefined): string | undefined {
  if (!errorContext || !existsSync(errorContext)) return undefined;
  const tree = /^```yaml\n([\s\S]*?)\n```$/m.exec(readFileSync(errorContext, 'utf8'))?.[1];
  return tree === undefined ? undefined : withoutNavigation(tree);
}

/** The tree without its sidebars and menus (the same on every CRM screen), so the page's own part shows. */
export function withoutNavigation(tree: string): string {
  const kept: string[] = [];
  let skipDeeperThan: number | undefined;
  for (const line of tree.split('\n')) {
    const depth = line.length - line.trimStart().length;
    if (skipDeeperThan !== undefined && depth > skipDeeperThan) continue;
    skipDeeperThan = undefined;
    if (/^- (?:complementary|navigation)\b/.test(line.trimStart())) {
      skipDeeperThan = depth;
      kept.push(`${line.replace(/:$/, '')} (left out)`);
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}
