// A temporary folder the lint checks' tests plant files in (never the repository), and a run of a
// check against it, as `pnpm lint` runs it: `node <script> --root <folder>`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

export interface PlantedTree {
  /** The folder (made before the suite's tests, removed after them). */
  root: () => string;
  plant: (files: Record<string, string>) => void;
  remove: (file: string) => void;
  /** Runs the check on the folder: its exit status and everything it printed. */
  lint: () => { status: number | null; output: string };
}

/** Call inside a describe(): the folder lives as long as that suite. */
export function usePlantedTree(script: string, prefix: string): PlantedTree {
  let root = '';
  before(() => {
    root = mkdtempSync(path.join(tmpdir(), prefix));
  });
  after(() => rmSync(root, { recursive: true, force: true }));
  return {
    root: () => root,
    plant: (files) => {
      for (const [file, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), source);
      }
    },
    remove: (file) => rmSync(path.join(root, file)),
    lint: () => {
      const result = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    },
  };
}
