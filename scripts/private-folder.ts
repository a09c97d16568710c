// Runs a command in a copy of this checkout inside a private folder (mode 0700, as root's home is), as a
// newcomer's clone would be: its files as git lists them (tracked and new, not ignored), its own
// `pnpm install --offline` from the store the checkout was installed from. `pnpm test` runs a PostgreSQL
// test file this way, so an embedded server that cannot reach its binaries from such a folder (as root,
// it runs as the `postgres` user) fails CI, not a newcomer (docs/testing.md, "A newcomer's run").
//
//   node scripts/private-folder.ts -- <command…>
//
// Exits with the command's status; the folder is removed at the end, or when interrupted.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: node scripts/private-folder.ts -- <command…>');
  process.exit(2);
}

const folder = mkdtempSync(path.join(tmpdir(), 'shine-private-'));
chmodSync(folder, 0o700);
const checkout = path.join(folder, 'r');
const removeFolder = () => rmSync(folder, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    removeFolder();
    process.exit(1);
  });
}

function run(args: string[], cwd: string): Promise<number> {
  const [program, ...rest] = args as [string, ...string[]];
  const child = spawn(program, rest, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}

let status = 1;
try {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // A file deleted but not yet committed is listed and absent: the copy leaves it out, as a commit would.
  const files = listed.split('\0').filter((file) => file && existsSync(path.join(root, file)));
  for (const file of files) cpSync(path.join(root, file), path.join(checkout, file), { verbatimSymlinks: true });
  console.log(`A copy of this checkout (${files.length} files) in ${checkout}, its parent mode 0700`);
  status = await run(['pnpm', 'install', '--frozen-lockfile', '--offline', '--reporter=append-only'], checkout);
  if (status === 0) status = await run(command, checkout);
  else console.error('pnpm install --offline failed in the private copy: run `pnpm install` in the checkout first');
} finally {
  removeFolder();
}
process.exit(status);
