// Totals the figures every resilience test recorded (see figures.ts) and prints them once at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIGURE_LABELS, type FigureName } from './figures.ts';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-resilience-figures-'));
  const file = path.join(dir, 'figures.jsonl');
  process.env.RESILIENCE_FIGURES_FILE = file;
  return () => {
    const rows = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { suite: string; name: FigureName; value: number })
      : [];
    const totals = new Map<FigureName, number>();
    const bySuite = new Map<string, Map<FigureName, number>>();
    for (const row of rows) {
      totals.set(row.name, (totals.get(row.name) ?? 0) + row.value);
      const suite = bySuite.get(row.suite) ?? new Map<FigureName, number>();
      suite.set(row.name, (suite.get(row.name) ?? 0) + row.value);
      bySuite.set(row.suite, suite);
    }
    console.log('\nResilience figures');
    for (const [suite, figures] of bySuite) {
      console.log(`  ${suite}: ${[...figures].map(([name, value]) => `${FIGURE_LABELS[name]} ${value}`).join(', ')}`);
    }
    console.log(`  TOTAL: ${[...totals].map(([name, value]) => `${FIGURE_LABELS[name]} ${value}`).join(', ')}\n`);
    rmSync(dir, { recursive: true, force: true });
  };
}
