// Where every bench writes its figures: bench/results/<name>.json, with when and on what machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/server-process.ts';

export function writeBenchResult(name: string, figures: Record<string, unknown>): void {
  const out = path.join(repoRoot, `bench/results/${name}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), machine, ...figures }, null, 2)}\n`);
  console.log(`wrote ${path.relative(repoRoot, out)}`);
}
