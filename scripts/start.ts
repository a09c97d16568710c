// `pnpm start`: builds the parts that have no build yet, then runs the all-in-one server (which
// migrates the database on start). A part whose package or build script does not exist yet is skipped
// with a notice, so the API alone still starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');

const parts = [
  { name: '@shine/site', dir: 'site', output: 'site/dist/index.html' },
  { name: '@shine/crm', dir: 'packages/crm', output: 'packages/crm/dist/index.html' },
];

function hasBuildScript(dir: string): boolean {
  const manifest = path.join(root, dir, 'package.json');
  if (!existsSync(manifest)) return false;
  const { scripts } = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> };
  return Boolean(scripts?.build);
}

for (const part of parts) {
  if (existsSync(path.join(root, part.output))) continue;
  if (!hasBuildScript(part.dir)) {
    console.log(`[start] ${part.name} has no build yet and no build script: serving without it.`);
    continue;
  }
  console.log(`[start] building ${part.name} (${part.output} is missing)...`);
  const build = spawnSync('pnpm', ['--filter', part.name, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`[start] building ${part.name} failed (exit ${build.status}).`);
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// A supervisor's SIGTERM reaches this process: pass it on so the server drains and exits cleanly.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
